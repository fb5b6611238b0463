import { describe, expect, test } from "bun:test";
import { documentUrlOf } from "./build-version";

describe("documentUrlOf", () => {
  test("a router data URL stands for its page, without the router's own parameter", () => {
    const page = (url: string) => documentUrlOf(new URL(url)).href;
    expect(page("https://x.sk/dashboard/pay.data?_routes=root,routes/dashboard-pay&lng=en")).toBe(
      "https://x.sk/dashboard/pay?lng=en",
    );
    expect(page("https://x.sk/_.data")).toBe("https://x.sk/");
    expect(page("https://x.sk/admin/_.data?page=2")).toBe("https://x.sk/admin/?page=2");
  });
});
