/**
 * A local fake of the Telegram Bot API (https://core.telegram.org/bots/api), for TELEGRAM_API_URL in tests:
 * `getMe`, `getUpdates` (long polling, confirmed by `offset`), `setWebhook`, `sendMessage`, and on demand a
 * 429 with `retry_after`. It can go down and come back on the same port. Test-only; also runnable on its
 * own for the journeys: `bun tests/fake-telegram.ts <port>`.
 */
export type SentMessage = { chatId: string; text: string; at: number };
export type FakeUpdate = { update_id: number; message: Record<string, unknown> };

export const FAKE_BOT_NAME = "CourierFleetTestBot";
export const FAKE_BOT_TOKEN = "123456:TEST-token-for-the-fake-telegram";

export async function startFakeTelegram(port = 0) {
  const state = {
    sent: [] as SentMessage[],
    updates: [] as FakeUpdate[],
    webhooks: [] as { url: string; secret_token?: string }[],
    calls: [] as string[],
    nextUpdateId: 1,
    /** sendMessage answers 429 with this retry_after this many more times. */
    rateLimited: { times: 0, retryAfter: 1 },
    waiters: new Set<() => void>(),
  };

  function reply(result: unknown) {
    return Response.json({ ok: true, result });
  }

  function pushMessage(chatId: number, text: string, languageCode = "uk") {
    const update = {
      update_id: state.nextUpdateId++,
      message: {
        message_id: state.nextUpdateId,
        date: Math.floor(Date.now() / 1000),
        chat: { id: chatId, type: "private" },
        from: { id: chatId, is_bot: false, first_name: "Courier", language_code: languageCode },
        text,
      },
    };
    state.updates.push(update);
    for (const wake of [...state.waiters]) wake();
    return update;
  }

  async function handle(request: Request) {
    const path = new URL(request.url).pathname;
    // For a test in another process (the journeys): a user writes to the bot; what the bot sent.
    if (path === "/control/message") {
      const body = (await request.json()) as { chatId: number; text: string; languageCode?: string };
      return Response.json(pushMessage(body.chatId, body.text, body.languageCode));
    }
    if (path === "/control/sent") return Response.json(state.sent);
    const match = /^\/bot([^/]+)\/(\w+)$/.exec(new URL(request.url).pathname);
    if (!match) return Response.json({ ok: false, error_code: 404, description: "Not Found" }, { status: 404 });
    if (match[1] !== FAKE_BOT_TOKEN)
      return Response.json({ ok: false, error_code: 401, description: "Unauthorized" }, { status: 401 });
    const method = match[2]!;
    state.calls.push(method);
    const body = ((await request.json().catch(() => ({}))) ?? {}) as Record<string, unknown>;
    switch (method) {
      case "getMe":
        return reply({ id: 123456, is_bot: true, first_name: "Courier Fleet", username: FAKE_BOT_NAME });
      case "setWebhook":
        state.webhooks.push({ url: String(body.url ?? ""), secret_token: body.secret_token as string | undefined });
        return reply(true);
      case "sendMessage": {
        if (state.rateLimited.times > 0) {
          state.rateLimited.times--;
          const retryAfter = state.rateLimited.retryAfter;
          return Response.json(
            {
              ok: false,
              error_code: 429,
              description: `Too Many Requests: retry after ${retryAfter}`,
              parameters: { retry_after: retryAfter },
            },
            { status: 429 },
          );
        }
        if (typeof body.text !== "string" || body.text === "" || body.chat_id === undefined)
          return Response.json({ ok: false, error_code: 400, description: "Bad Request" }, { status: 400 });
        state.sent.push({ chatId: String(body.chat_id), text: body.text, at: Date.now() });
        return reply({ message_id: state.sent.length, chat: { id: body.chat_id }, text: body.text });
      }
      case "getUpdates": {
        const offset = Number(body.offset ?? 0);
        // Updates below the offset are confirmed: gone for good, as on Telegram.
        state.updates = state.updates.filter((u) => u.update_id >= offset);
        if (state.updates.length === 0) {
          const seconds = Math.min(Number(body.timeout ?? 0), 2);
          if (seconds > 0)
            await new Promise<void>((resolve) => {
              const done = () => (clearTimeout(timer), state.waiters.delete(done), resolve());
              const timer = setTimeout(done, seconds * 1000);
              state.waiters.add(done);
            });
        }
        return reply(state.updates.filter((u) => u.update_id >= offset));
      }
      default:
        return Response.json(
          { ok: false, error_code: 404, description: "Not Found: method not found" },
          { status: 404 },
        );
    }
  }

  let server = Bun.serve({ port, hostname: "127.0.0.1", fetch: handle });
  const boundPort = server.port;

  return {
    url: `http://127.0.0.1:${boundPort}`,
    port: boundPort,
    state,
    get sent() {
      return state.sent;
    },
    /** A user writes `text` to the bot in `chatId` (delivered by getUpdates). */
    message: pushMessage,
    /** The next `times` sendMessage calls answer 429 with `retry_after`. */
    rateLimit(times: number, retryAfter: number) {
      state.rateLimited = { times, retryAfter };
    },
    /** Nothing listens on the port any more. */
    async down() {
      for (const wake of [...state.waiters]) wake();
      await server.stop(true);
    },
    /** Listening again on the same port. */
    up() {
      server = Bun.serve({ port: boundPort, hostname: "127.0.0.1", fetch: handle });
    },
    async stop() {
      for (const wake of [...state.waiters]) wake();
      await server.stop(true);
    },
  };
}

export type FakeTelegram = Awaited<ReturnType<typeof startFakeTelegram>>;

if (import.meta.main) {
  const fake = await startFakeTelegram(Number(process.argv[2] ?? 0));
  console.log(fake.url);
}
