import { describe, expect, test } from "bun:test";
import { movedTarget } from "./moved-routes";

describe("moved routes", () => {
  const moved = { "/auth/register": "/auth/sign-up" };
  test("an unknown or inherited path stays where it is", () => {
    expect(movedTarget("/auth/login", moved)).toBeNull();
    expect(movedTarget("/constructor", moved)).toBeNull();
    expect(movedTarget("/auth/register/x", moved)).toBeNull();
  });
  test("the old address, its trailing slash and its router data all lead to the new one", () => {
    expect(movedTarget("/auth/register", moved)).toBe("/auth/sign-up");
    expect(movedTarget("/auth/register/", moved)).toBe("/auth/sign-up");
    expect(movedTarget("/auth/register.data", moved)).toBe("/auth/sign-up.data");
  });
});
