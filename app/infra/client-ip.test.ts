import { describe, expect, test } from "bun:test";
import { clientIp } from "./client-ip.server";

describe("clientIp", () => {
  test("without a trusted proxy the socket decides, whatever the header says", () => {
    expect(clientIp("6.6.6.6", "10.0.0.1", 0)).toBe("10.0.0.1");
    expect(clientIp(null, "10.0.0.1", 0)).toBe("10.0.0.1");
    expect(clientIp(null, undefined, 0)).toBe("unknown");
  });

  test("TRUST_PROXY=1: the entry the proxy appended (rightmost), not the one the client sent", () => {
    expect(clientIp("6.6.6.6, 203.0.113.7", "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(clientIp("1.1.1.1, 2.2.2.2, 203.0.113.7", "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(clientIp("203.0.113.7", "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(clientIp("2001:db8::1", "10.0.0.1", 1)).toBe("2001:db8::1");
  });

  test("a spoofed leftmost entry changes nothing", () => {
    const spoofs = ["1.2.3.4", "5.6.7.8", "9.9.9.9"].map((fake) => clientIp(`${fake}, 203.0.113.7`, "10.0.0.1", 1));
    expect(new Set(spoofs)).toEqual(new Set(["203.0.113.7"]));
  });

  test("TRUST_PROXY=N counts N hops from the right", () => {
    expect(clientIp("6.6.6.6, 203.0.113.7, 10.1.1.1", "10.0.0.1", 2)).toBe("203.0.113.7");
    expect(clientIp("203.0.113.7, 10.1.1.1", "10.0.0.1", 3)).toBe("203.0.113.7");
  });

  test("an empty or junk header falls back to the socket", () => {
    expect(clientIp("", "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientIp(" , ", "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientIp("6.6.6.6, not-an-ip", "10.0.0.1", 1)).toBe("10.0.0.1");
  });

  test("a port is stripped; what is not an address (net.isIP) falls back to the socket", () => {
    expect(clientIp("9.9.9.9:1234", "10.0.0.1", 1)).toBe("9.9.9.9");
    expect(clientIp("6.6.6.6, 203.0.113.7:443", "10.0.0.1", 1)).toBe("203.0.113.7");
    expect(clientIp("[2001:db8::1]:443", "10.0.0.1", 1)).toBe("2001:db8::1");
    expect(clientIp("[2001:db8::1]", "10.0.0.1", 1)).toBe("2001:db8::1");
    expect(clientIp("999.999.999.999", "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientIp("1.2.3", "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientIp(":::::", "10.0.0.1", 1)).toBe("10.0.0.1");
    expect(clientIp("9.9.9.9:99999999", "10.0.0.1", 1)).toBe("10.0.0.1");
  });
});
