import type { Resource } from "i18next";
import sk_common from "../../locales/sk/common.json";
import sk_errors from "../../locales/sk/errors.json";
import sk_auth from "../../locales/sk/auth.json";
import sk_home from "../../locales/sk/home.json";
import sk_dashboard from "../../locales/sk/dashboard.json";
import sk_admin from "../../locales/sk/admin.json";
import sk_email from "../../locales/sk/email.json";
import sk_pay from "../../locales/sk/pay.json";
import ua_common from "../../locales/ua/common.json";
import ua_errors from "../../locales/ua/errors.json";
import ua_auth from "../../locales/ua/auth.json";
import ua_home from "../../locales/ua/home.json";
import ua_dashboard from "../../locales/ua/dashboard.json";
import ua_admin from "../../locales/ua/admin.json";
import ua_email from "../../locales/ua/email.json";
import ua_pay from "../../locales/ua/pay.json";
import en_common from "../../locales/en/common.json";
import en_errors from "../../locales/en/errors.json";
import en_auth from "../../locales/en/auth.json";
import en_home from "../../locales/en/home.json";
import en_dashboard from "../../locales/en/dashboard.json";
import en_admin from "../../locales/en/admin.json";
import en_email from "../../locales/en/email.json";
import en_pay from "../../locales/en/pay.json";

export { NAMESPACES, type Namespace } from "~/domain/namespaces";

/** Every translation, bundled into the server build (the browser loads its language lazily). */
export const resources: Resource = {
  sk: {
    common: sk_common,
    errors: sk_errors,
    auth: sk_auth,
    home: sk_home,
    dashboard: sk_dashboard,
    admin: sk_admin,
    email: sk_email,
    pay: sk_pay,
  },
  ua: {
    common: ua_common,
    errors: ua_errors,
    auth: ua_auth,
    home: ua_home,
    dashboard: ua_dashboard,
    admin: ua_admin,
    email: ua_email,
    pay: ua_pay,
  },
  en: {
    common: en_common,
    errors: en_errors,
    auth: en_auth,
    home: en_home,
    dashboard: en_dashboard,
    admin: en_admin,
    email: en_email,
    pay: en_pay,
  },
};
