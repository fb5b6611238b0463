/**
 * A local push service (RFC 8030) for tests, on 127.0.0.1: it hands out subscriptions the way a browser
 * makes them (a P-256 key pair and a 16-byte auth secret per subscription), checks the VAPID signature of
 * every request (RFC 8292) and decrypts its aes128gcm body (RFC 8291) with the subscription's private key,
 * through `http_ece`, the reference implementation. It can be told to answer a status instead. Test-only.
 */
import { createECDH, randomBytes, type ECDH } from "node:crypto";
import { decrypt } from "http_ece";

export type ReceivedPush = {
  subscription: number;
  /** The decrypted payload, as the browser's service worker would read it. */
  payload: string;
  ttl: string | null;
  urgency: string | null;
  /** The VAPID JWT's claims. */
  claims: { aud: string; exp: number; sub: string };
};

type Held = { ecdh: ECDH; auth: Buffer };

function base64url(bytes: Uint8Array) {
  return Buffer.from(bytes).toString("base64url");
}

/** Checks `Authorization: vapid t=<JWT>, k=<public key>`: an ES256 signature by that key; returns the claims. */
async function verifyVapid(header: string | null) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? "");
  if (!match) return null;
  const [head, body, signature] = match[1]!.split(".");
  if (!head || !body || !signature) return null;
  const key = await crypto.subtle.importKey(
    "raw",
    Buffer.from(match[2]!, "base64url"),
    { name: "ECDSA", namedCurve: "P-256" },
    false,
    ["verify"],
  );
  const valid = await crypto.subtle.verify(
    { name: "ECDSA", hash: "SHA-256" },
    key,
    Buffer.from(signature, "base64url"),
    new TextEncoder().encode(`${head}.${body}`),
  );
  if (!valid) return null;
  return { claims: JSON.parse(Buffer.from(body, "base64url").toString()) as ReceivedPush["claims"], key: match[2]! };
}

export async function startFakePushService() {
  const subscriptions = new Map<number, Held>();
  const state = {
    received: [] as ReceivedPush[],
    /** Statuses to answer, in turn, per subscription, instead of taking the message (e.g. [500], [410]). */
    answers: new Map<number, number[]>(),
    /** Every request that reached the service, taken or not. */
    requests: 0,
    vapidKeys: new Set<string>(),
  };
  let serial = 0;

  async function handle(request: Request) {
    const match = /^\/push\/(\d+)$/.exec(new URL(request.url).pathname);
    if (request.method !== "POST" || !match) return new Response("not found", { status: 404 });
    state.requests++;
    const id = Number(match[1]);
    const held = subscriptions.get(id);
    if (!held) return new Response("gone", { status: 410 });
    const scripted = state.answers.get(id)?.shift();
    if (scripted) return new Response(`scripted ${scripted}`, { status: scripted });
    const vapid = await verifyVapid(request.headers.get("Authorization"));
    if (!vapid || vapid.claims.aud !== new URL(request.url).origin || vapid.claims.exp * 1000 < Date.now())
      return new Response("bad vapid", { status: 403 });
    if (request.headers.get("Content-Encoding") !== "aes128gcm") return new Response("bad encoding", { status: 415 });
    state.vapidKeys.add(vapid.key);
    const body = Buffer.from(await request.arrayBuffer());
    const plain = decrypt(body, { version: "aes128gcm", privateKey: held.ecdh, authSecret: base64url(held.auth) });
    state.received.push({
      subscription: id,
      payload: plain.toString("utf8"),
      ttl: request.headers.get("TTL"),
      urgency: request.headers.get("Urgency"),
      claims: vapid.claims,
    });
    return new Response(null, { status: 201 });
  }

  const server = Bun.serve({ hostname: "127.0.0.1", port: 0, fetch: handle });
  const url = `http://127.0.0.1:${server.port}`;

  return {
    url,
    state,
    /** A new subscription as `PushSubscription.toJSON()` gives it, and its number here. */
    subscribe() {
      const id = ++serial;
      const ecdh = createECDH("prime256v1");
      ecdh.generateKeys();
      const auth = randomBytes(16);
      subscriptions.set(id, { ecdh, auth });
      return {
        id,
        json: {
          endpoint: `${url}/push/${id}`,
          keys: { p256dh: base64url(ecdh.getPublicKey()), auth: base64url(auth) },
        },
      };
    },
    /** The browser dropped it: the service answers 410 from now on. */
    expire(id: number) {
      subscriptions.delete(id);
    },
    answer(id: number, ...statuses: number[]) {
      state.answers.set(id, statuses);
    },
    receivedBy(id: number) {
      return state.received.filter((r) => r.subscription === id);
    },
    stop: () => server.stop(true),
  };
}

export type FakePushService = Awaited<ReturnType<typeof startFakePushService>>;
