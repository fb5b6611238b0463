import { describe, expect, test } from "bun:test";
import { isCrossSiteMutation } from "./csrf.server";

const APP = "https://courierfleet.sk";
const req = (method: string, headers: Record<string, string> = {}) =>
  new Request("https://courierfleet.sk/auth/login", { method, headers: { Host: "courierfleet.sk", ...headers } });

describe("cross-site mutations (docs/security.md)", () => {
  test("reads are never refused", () => {
    expect(isCrossSiteMutation(req("GET", { Origin: "https://evil.example" }), APP)).toBe(false);
    expect(isCrossSiteMutation(req("HEAD", { "Sec-Fetch-Site": "cross-site" }), APP)).toBe(false);
  });

  test("a post from our own origin passes, with or without JS", () => {
    expect(isCrossSiteMutation(req("POST", { Origin: APP }), APP)).toBe(false);
    expect(isCrossSiteMutation(req("POST", { "Sec-Fetch-Site": "same-origin" }), APP)).toBe(false);
    // Clients that send neither header (curl, server-to-server) are not browsers being tricked.
    expect(isCrossSiteMutation(req("POST"), APP)).toBe(false);
  });

  test("the host the request came to counts as our origin", () => {
    const local = new Request("http://127.0.0.1:3100/x", {
      method: "POST",
      headers: { Host: "127.0.0.1:3100", Origin: "http://127.0.0.1:3100" },
    });
    expect(isCrossSiteMutation(local, APP)).toBe(false);
  });

  test.each(["POST", "PUT", "PATCH", "DELETE"])("%s from another origin is refused", (method) => {
    expect(isCrossSiteMutation(req(method, { Origin: "https://evil.example" }), APP)).toBe(true);
    expect(isCrossSiteMutation(req(method, { Origin: "null" }), APP)).toBe(true);
    expect(isCrossSiteMutation(req(method, { "Sec-Fetch-Site": "cross-site" }), APP)).toBe(true);
    expect(isCrossSiteMutation(req(method, { "Sec-Fetch-Site": "same-site" }), APP)).toBe(true);
  });
});
