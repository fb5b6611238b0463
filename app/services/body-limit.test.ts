import { describe, expect, test } from "bun:test";
import { BODY_LIMITS } from "~/domain/rules";
import { createUser, sessionCookieHeader } from "../../tests/factories";
import { bodyLimitFor, BodyTooLargeError, declaresMoreThan, limitBody } from "./body-limit.server";

/** A chunked body (no Content-Length) of `total` bytes; `pulled()` says how much was taken from it. */
function endless(total: number) {
  let sent = 0;
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= total) return controller.close();
      sent += 64 * 1024;
      controller.enqueue(new Uint8Array(64 * 1024).fill(0x61));
    },
  });
  return { stream, pulled: () => sent };
}

function post(path: string, body: BodyInit, headers: Record<string, string> = {}) {
  return new Request(`http://localhost${path}`, { method: "POST", body, headers, duplex: "half" } as RequestInit);
}

describe("limitBody", () => {
  test("a chunked body is cut off just past the limit, not read to its end", async () => {
    const source = endless(100 * 1024 * 1024);
    const limited = limitBody(
      post("/api/auth/login", source.stream, { "Content-Type": "application/json" }),
      BODY_LIMITS.formBytes,
    );
    const error = await limited.request.json().catch((e: unknown) => e);
    expect(error).toBeDefined();
    expect(limited.exceeded()).toBe(true);
    expect(source.pulled()).toBeLessThan(4 * 1024 * 1024);
  });

  test("a body within the limit passes through unchanged", async () => {
    const limited = limitBody(
      post("/api/auth/login", JSON.stringify({ email: "a@b.c" }), { "Content-Type": "application/json" }),
      BODY_LIMITS.formBytes,
    );
    expect(await limited.request.json()).toEqual({ email: "a@b.c" });
    expect(limited.exceeded()).toBe(false);
  });

  test("a form body past the limit fails formData()", async () => {
    const source = endless(5 * 1024 * 1024);
    const limited = limitBody(
      post("/auth/login", source.stream, { "Content-Type": "application/x-www-form-urlencoded" }),
      BODY_LIMITS.formBytes,
    );
    expect(await limited.request.formData().catch((e: unknown) => e)).toBeInstanceOf(Error);
    expect(limited.exceeded()).toBe(true);
  });

  test("the error names the limit", () => {
    expect(new BodyTooLargeError(5).message).toContain("5");
  });
});

describe("bodyLimitFor", () => {
  const multipart = { "Content-Type": "multipart/form-data; boundary=x" };
  const limitOf = (path: string, headers: Record<string, string>) =>
    bodyLimitFor(post(path, "", headers), new URL(`http://localhost${path}`));

  test("everything is small unless it is an upload form posted by someone who may upload", async () => {
    const user = await createUser();
    const admin = await createUser({ role: "admin" });
    const asUser = { ...multipart, Cookie: await sessionCookieHeader(user.id) };
    const asAdmin = { ...multipart, Cookie: await sessionCookieHeader(admin.id) };
    const cases: [string, Record<string, string>, number][] = [
      ["/api/auth/login", multipart, BODY_LIMITS.formBytes],
      ["/auth/login", multipart, BODY_LIMITS.formBytes],
      ["/dashboard/apply", multipart, BODY_LIMITS.formBytes],
      ["/dashboard/apply", asUser, BODY_LIMITS.uploadBytes],
      ["/dashboard/report.data", asUser, BODY_LIMITS.uploadBytes],
      ["/dashboard/vehicle-request", asUser, BODY_LIMITS.formBytes],
      ["/dashboard", asUser, BODY_LIMITS.uploadBytes],
      ["/dashboard", multipart, BODY_LIMITS.formBytes],
      ["/dashboard/apply", { ...asUser, "Content-Type": "application/json" }, BODY_LIMITS.formBytes],
      ["/admin/vehicles/new", asUser, BODY_LIMITS.formBytes],
      ["/admin/vehicles/new", asAdmin, BODY_LIMITS.uploadBytes],
      ["/admin/news/12", asAdmin, BODY_LIMITS.uploadBytes],
      ["/admin/news", asAdmin, BODY_LIMITS.formBytes],
      ["/admin/users/1", asAdmin, BODY_LIMITS.formBytes],
    ];
    for (const [path, headers, expected] of cases)
      expect([path, await limitOf(path, headers)]).toEqual([path, expected]);
  });

  test("a declared Content-Length over the limit is refused before reading", () => {
    expect(
      declaresMoreThan(post("/x", "", { "Content-Length": String(BODY_LIMITS.formBytes + 1) }), BODY_LIMITS.formBytes),
    ).toBe(true);
    expect(declaresMoreThan(post("/x", "", { "Content-Length": "10" }), BODY_LIMITS.formBytes)).toBe(false);
  });
});
