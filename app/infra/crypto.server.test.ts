import { describe, expect, test } from "bun:test";
import { seal, unseal } from "./crypto.server";

describe("seal / unseal", () => {
  test("round trip; each seal differs; another purpose or a changed byte reads nothing", () => {
    const a = seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "totp-secret");
    const b = seal("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", "totp-secret");
    expect(a).not.toBe(b);
    expect(a).not.toContain("JBSWY3DP");
    expect(unseal(a, "totp-secret")).toBe("JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP");
    expect(unseal(a, "other")).toBeNull();
    const parts = a.split(".");
    const body = Buffer.from(parts[2]!, "base64url");
    body[0] = body[0]! ^ 1;
    expect(unseal([parts[0], parts[1], body.toString("base64url"), parts[3]].join("."), "totp-secret")).toBeNull();
    expect(unseal("plain-text", "totp-secret")).toBeNull();
  });
});
