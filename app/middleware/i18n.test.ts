import { describe, expect, test } from "bun:test";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { call, harnessMiddleware } from "../../tests/route-harness";
import { getInstance, getLocale, i18nextMiddleware, i18nFor, languageFromHeader } from "~/infra/i18n.server";
import { findUserById } from "~/models/users.server";

const probe = ({ context }: { context: Parameters<typeof getLocale>[0] }) => ({
  locale: getLocale(context),
  text: getInstance(context).t("common:account.login"),
});

async function localeOf(path: string, options: Parameters<typeof call>[2] = {}) {
  const response = await call(probe as never, path, options);
  return { response, body: (await response.json()) as { locale: string; text: string } };
}

describe("language of a request (docs/api.md, Languages)", () => {
  test("Accept-Language maps uk to ua", () => {
    expect(languageFromHeader("uk-UA,uk;q=0.9,en;q=0.8")).toBe("ua");
    expect(languageFromHeader("de-DE, en;q=0.5")).toBe("en");
    expect(languageFromHeader("de-DE")).toBeNull();
    expect(languageFromHeader(null)).toBeNull();
  });

  test("defaults to Slovak", async () => {
    const { body } = await localeOf("/");
    expect(body).toEqual({ locale: "sk", text: "Prihlásiť sa" });
  });

  test("order: query, cookie, saved language, header", async () => {
    // remix-i18next's own header step would pick en here: it does not know that uk is our ua.
    expect((await localeOf("/", { headers: { "Accept-Language": "uk-UA,uk;q=0.9,en;q=0.8" } })).body.locale).toBe("ua");
    expect((await localeOf("/", { headers: { "Accept-Language": "en" } })).body.locale).toBe("en");
    expect(
      (await localeOf("/", { headers: { "Accept-Language": "en", Cookie: "lng=InVhIg%3D%3D" } })).body.locale,
    ).toBe("ua");
    expect((await localeOf("/?lng=en", { headers: { Cookie: "lng=InVhIg%3D%3D" } })).body.locale).toBe("en");
    const user = await createUser({ language: "ua" });
    const cookie = await sessionCookieHeader(user.id);
    expect((await localeOf("/", { cookie, headers: { "Accept-Language": "en" } })).body.locale).toBe("ua");
  });

  test("?lng sets the cookie for a year and saves the choice on a logged-in user", async () => {
    const user = await createUser({ language: "sk" });
    const cookie = await sessionCookieHeader(user.id);
    const { response, body } = await localeOf("/?lng=en", { cookie });
    expect(body.text).toBe("Log in");
    const setCookie = response.headers.get("Set-Cookie") ?? "";
    expect(setCookie).toContain("lng=");
    expect(setCookie).toContain("Max-Age=31536000");
    expect((await findUserById(user.id))?.language).toBe("en");
  });

  test("an unknown ?lng is ignored", async () => {
    const { response, body } = await localeOf("/?lng=de");
    expect(body.locale).toBe("sk");
    expect(response.headers.get("Set-Cookie")).toBeNull();
  });
});

describe("the request's translator", () => {
  const plural = ({ context }: { context: Parameters<typeof getLocale>[0] }) => {
    const i18n = getInstance(context);
    const resolver = i18n.services.pluralResolver as unknown as { getRule: (code: string) => Intl.PluralRules };
    return { rule: resolver.getRule("uk"), text: i18n.t("admin:list.total", { count: 3 }) };
  };

  test("plurals are right in Ukrainian, and every request reuses the same plural rules", async () => {
    const rules: Intl.PluralRules[] = [];
    for (let i = 0; i < 2; i++) {
      const request = await call(plural as never, "/?lng=ua");
      const { text } = (await request.json()) as { text: string };
      expect(text).toContain("3");
    }
    // The probe's own rule objects, compared in-process (JSON above cannot carry them).
    for (let i = 0; i < 2; i++) {
      await call(
        ((args: Parameters<typeof plural>[0]) => {
          rules.push(plural(args).rule);
          return { ok: true };
        }) as never,
        "/?lng=ua",
      );
    }
    expect(rules[0]).toBe(rules[1]!);
    expect(rules[0]!.select(3)).toBe("few");
  });

  test("every request has its own instance from remix-i18next's middleware; outside requests, one per language", async () => {
    const seen: ReturnType<typeof i18nFor>[] = [];
    const keep = (args: Parameters<typeof plural>[0]) => {
      seen.push(getInstance(args.context));
      return { ok: true };
    };
    await call(keep as never, "/?lng=en");
    await call(keep as never, "/", { headers: { "Accept-Language": "en" } });
    expect(seen[0]).not.toBe(seen[1]!);
    expect(seen.map((i) => i.language)).toEqual(["en", "en"]);
    expect(seen[0]).not.toBe(i18nFor("en"));
    expect(i18nFor("en")).toBe(i18nFor("en"));
    expect(harnessMiddleware).toContain(i18nextMiddleware);
  });

  test("a request that switches its instance's language leaves the next request's alone", async () => {
    const switching = async ({ context }: Parameters<typeof plural>[0]) => {
      await getInstance(context).changeLanguage("en");
      return { text: getInstance(context).t("common:account.login") };
    };
    const first = await call(switching as never, "/");
    expect(((await first.json()) as { text: string }).text).toBe("Log in");
    expect((await localeOf("/")).body).toEqual({ locale: "sk", text: "Prihlásiť sa" });
  });
});
