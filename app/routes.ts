import { index, prefix, route, type RouteConfig } from "@react-router/dev/routes";

export default [
  index("routes/home.tsx"),
  route("dashboard", "routes/dashboard.tsx"),
  route("dashboard/export", "routes/dashboard-export.ts"),
  route("dashboard/documents", "routes/dashboard-documents.ts"),
  route("dashboard/pay", "routes/dashboard-pay.tsx"),
  route("dashboard/pay/statements/:file", "routes/dashboard-pay-pdf.ts"),
  route("activate/:token", "routes/activate.tsx"),
  route("reset-password/:token", "routes/reset-password.tsx"),

  // Form targets of the auth dialog: they work without JS and render the dialog on failure.
  ...prefix("auth", [
    route("login", "routes/auth/login.tsx"),
    route("register", "routes/auth/register.tsx"),
    route("forgot", "routes/auth/forgot.tsx"),
    route("resend", "routes/auth/resend.tsx"),
    route("logout", "routes/auth/logout.tsx"),
    route("second-factor", "routes/auth/second-factor.tsx"),
  ]),
  route("account/sessions", "routes/account-sessions.tsx"),

  // Private files (identity documents, report attachments) behind ownership checks.
  route("files/:id", "routes/files.tsx"),
  // Public media (vehicle images, news media).
  route("media/:id", "routes/media.tsx"),
  route("robots.txt", "routes/robots.ts"),
  route("sitemap.xml", "routes/sitemap.ts"),

  route("admin", "routes/admin/layout.tsx", [
    index("routes/admin/dashboard.tsx", { id: "admin-index" }),
    route("dashboard", "routes/admin/dashboard.tsx"),
    route("users", "routes/admin/users.tsx"),
    route("users/export.csv", "routes/admin/users-export.ts"),
    route("users/:id", "routes/admin/user-detail.tsx"),
    route("referrals", "routes/admin/referrals.tsx"),
    route("news", "routes/admin/news.tsx"),
    route("news/new", "routes/admin/news-form.tsx", { id: "admin-news-new" }),
    route("news/:id", "routes/admin/news-form.tsx"),
    route("vehicles", "routes/admin/vehicles.tsx"),
    route("vehicles/new", "routes/admin/vehicle-form.tsx", { id: "admin-vehicle-new" }),
    route("vehicles/:id", "routes/admin/vehicle-form.tsx"),
    route("vehicles/:id/handover", "routes/admin/vehicle-handover.tsx"),
    route("applications", "routes/admin/applications.tsx"),
    route("applications/:id", "routes/admin/application-detail.tsx"),
    route("vehicle-requests", "routes/admin/vehicle-requests.tsx"),
    route("problem-reports", "routes/admin/problem-reports.tsx"),
    route("audit", "routes/admin/audit.tsx"),
    route("payouts", "routes/admin/payouts.tsx"),
    route("payouts/import", "routes/admin/payouts-import.tsx"),
    route("payouts/platforms", "routes/admin/platforms.tsx"),
    route("payouts/questions", "routes/admin/payout-questions.tsx"),
  ]),

  ...prefix("api", [
    route("health", "routes/api/health.ts"),
    route("auth/me", "routes/api/auth.me.ts"),
    route("auth/login", "routes/api/auth.login.ts"),
    route("auth/register", "routes/api/auth.register.ts"),
    route("auth/logout", "routes/api/auth.logout.ts"),
    route("auth/forgot-password", "routes/api/auth.forgot-password.ts"),
    route("auth/reset-password", "routes/api/auth.reset-password.ts"),
    route("auth/resend-activation", "routes/api/auth.resend-activation.ts"),
    route("auth/activate/:token", "routes/api/auth.activate.ts"),
    route("user/language", "routes/api/user.language.ts"),
    route("track/page-view", "routes/api/track.page-view.ts"),
    route("referrals/track/:code", "routes/api/referrals.track.ts"),
    route("captcha/challenge", "routes/api/captcha.challenge.ts"),
    route("faq/ask", "routes/api/faq.ask.ts"),
    route("*", "routes/api/not-found.ts"),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
