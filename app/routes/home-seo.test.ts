/** Lighthouse SEO on `/`: the canonical is the page's own address, never another hreflang alternate. */
import { describe, expect, test } from "bun:test";
import { call, readJson } from "../../tests/route-harness";
import * as home from "./home";

type Link = { tagName?: string; rel?: string; href?: string; hrefLang?: string };

async function links(path: string) {
  const loaderData = await readJson(await call(home.loader, path));
  const tags = home.meta({ loaderData } as never) as Link[];
  const canonical = tags.filter((tag) => tag.rel === "canonical").map((tag) => new URL(tag.href!));
  const alternates = tags
    .filter((tag) => tag.rel === "alternate")
    .map((tag) => ({ lang: tag.hrefLang!, url: new URL(tag.href!) }));
  return { canonical, alternates };
}

const address = (url: URL) => `${url.pathname}${url.search}`;

describe("home page canonical and hreflang", () => {
  test("`/` names itself as canonical, and that is its x-default, not a language alternate", async () => {
    const { canonical, alternates } = await links("/");
    expect(canonical.map(address)).toEqual(["/"]);
    const sameAsCanonical = alternates.filter((a) => address(a.url) === "/").map((a) => a.lang);
    expect(sameAsCanonical).toEqual(["x-default"]);
  });
  test("a chosen language names its own address", async () => {
    for (const [lng, hreflang] of [
      ["sk", "sk"],
      ["ua", "uk"],
      ["en", "en"],
    ] as const) {
      const { canonical, alternates } = await links(`/?lng=${lng}`);
      expect(canonical.map(address)).toEqual([`/?lng=${lng}`]);
      expect(alternates.find((a) => a.lang === hreflang)?.url.search).toBe(`?lng=${lng}`);
    }
  });
});
