import { afterAll, beforeAll, beforeEach, describe, expect, test } from "bun:test";
import { faqEntries, rateLimits } from "~db/schema";
import { FAQ } from "~db/seed-content";
import { RATE_LIMITS } from "~/domain/rules";
import { writerForTests } from "~/infra/db.server";
import { call, readJson } from "../../tests/route-harness";
import { insertSeededFaq } from "../../tests/content-fixtures";
import { clearCompanyProfile, setCompanyProfile } from "../../tests/factories";
import { DEMO_COMPANY } from "~db/seed-content";
import * as ask from "~/routes/api/faq.ask";
import { answerQuestion } from "./assistant.server";

type ChatRequest = { model: string; messages: { role: string; content: string }[] };

/** A small chat-completions server: its reply is chosen per test; every request is kept for inspection. */
let reply: (request: ChatRequest) => Response | Promise<Response> = () => Response.json({});
const received: { body: ChatRequest; authorization: string | null }[] = [];
let server: ReturnType<typeof Bun.serve>;
let ai: { baseUrl: string; apiKey: string; model: string };

const completion = (content: string) =>
  Response.json({
    id: "x",
    object: "chat.completion",
    choices: [{ index: 0, message: { role: "assistant", content }, finish_reason: "stop" }],
  });

beforeAll(async () => {
  server = Bun.serve({
    port: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/chat/completions")
        return new Response("no", { status: 404 });
      const body = (await request.json()) as ChatRequest;
      received.push({ body, authorization: request.headers.get("Authorization") });
      return reply(body);
    },
  });
  ai = { baseUrl: `http://127.0.0.1:${server.port}/v1`, apiKey: "test-key", model: "tiny-model" };
  await insertSeededFaq();
  // The contacts of "I don't know" come from the company profile.
  await setCompanyProfile(DEMO_COMPANY);
});

afterAll(async () => {
  void server.stop(true);
  await writerForTests().delete(faqEntries);
  await clearCompanyProfile();
});

beforeEach(async () => {
  received.length = 0;
  await writerForTests().delete(rateLimits);
});

describe("answerQuestion with an AI endpoint", () => {
  test("sends the FAQ as the only ground truth and returns the model's answer", async () => {
    reply = () => completion("Payouts are weekly.");
    const result = await answerQuestion("When am I paid?", "en", ai);
    expect(result).toEqual({ answer: "Payouts are weekly.", source: "ai" });
    expect(received).toHaveLength(1);
    const { body, authorization } = received[0]!;
    expect(authorization).toBe("Bearer test-key");
    expect(body.model).toBe("tiny-model");
    expect(body.messages[0]!.role).toBe("system");
    expect(body.messages[0]!.content).toContain(FAQ.en[2][1]);
    expect(body.messages[0]!.content).toContain("English");
    // The numbers it may state are the rules in force, named in the prompt.
    expect(body.messages[0]!.content).toContain("scooter rent per day held");
    expect(body.messages[0]!.content).toContain("€5.00");
    expect(body.messages[1]).toEqual({ role: "user", content: "When am I paid?" });
  });

  test("the model's UNKNOWN becomes the honest answer with the contact", async () => {
    reply = () => completion("UNKNOWN");
    const result = await answerQuestion("Kde je najbližšia pizzeria?", "sk", ai);
    expect(result.source).toBe("unknown");
    expect(result.answer).toContain("info@courierfleet.sk");
  });

  test.each([
    ["a server error", () => new Response("boom", { status: 500 })],
    ["an empty answer", () => completion("   ")],
    ["a malformed body", () => new Response("not json", { status: 200 })],
  ])("falls back to the built-in answerer on %s", async (_name, make) => {
    reply = make;
    const result = await answerQuestion("Koľko rokov musím mať?", "sk", ai);
    expect(result.source).toBe("faq");
    expect(result.answer).toBe(FAQ.sk[1][1]);
  });

  test("gives up after the time-out and falls back", async () => {
    reply = async () => {
      await Bun.sleep(1000);
      return completion("too late");
    };
    const started = performance.now();
    const result = await answerQuestion("How old do I have to be?", "en", ai, 150);
    expect(performance.now() - started).toBeLessThan(900);
    expect(result).toEqual({ answer: FAQ.en[1][1], source: "faq" });
  });

  test("falls back when the endpoint is unreachable", async () => {
    const result = await answerQuestion("Коли виплата?", "ua", { ...ai, baseUrl: "http://127.0.0.1:9/v1" });
    expect(result).toEqual({ answer: FAQ.ua[2][1], source: "faq" });
  });
});

describe("earnings questions are answered from the income rule", () => {
  test.each([
    // Both figures from the pay rule, to the cent: without a scooter and with one rented at 5,00 € a day.
    ["en", "How much can I earn?", ["€7.50", "40 hours", "€300.00", "€1,300.00", "€5.00 a day", "€265.00"]],
    [
      "sk",
      "Koľko zarobím za 20 hodín týždenne?",
      ["7,50 €", "20 hodinách", "150,00 €", "650,00 €", "115,00 €", "498,33 €"],
    ],
    [
      "ua",
      "Скільки я заробляю, якщо працюю 25 годин на тиждень?",
      ["7,50 €", "25 год", "187,50 €", "152,50 €", "35,00 €"],
    ],
  ] as const)("%s: %s", async (language, question, parts) => {
    // Even with an AI endpoint configured: the figures come from the rule, never from a model.
    const answer = await answerQuestion(question, language, ai);
    expect(answer.source).toBe("income");
    for (const part of parts) expect(answer.answer.replace(/\u00a0/g, " ")).toContain(part);
  });
});

describe("POST /api/faq/ask (built-in answerer)", () => {
  test("answers from the FAQ of the requested language", async () => {
    const response = await call(ask.action as never, "/api/faq/ask", {
      json: { question: "Kedy dostanem výplatu?", language: "sk" },
    });
    expect(response.status).toBe(200);
    expect(await readJson(response)).toEqual({ answer: FAQ.sk[2][1] });
  });

  test("says it does not know, in the asker's language", async () => {
    const response = await call(ask.action as never, "/api/faq/ask", {
      json: { question: "Яка столиця Франції?", language: "ua" },
    });
    const { answer } = await readJson<{ answer: string }>(response);
    expect(answer).toContain("Я поки не знаю");
    expect(answer).toContain("info@courierfleet.sk");
    expect(answer).toContain("+421 2 1234 5678");
  });

  test("without contacts in the company profile, it says only that it does not know", async () => {
    await setCompanyProfile({ legalName: "Nová Flotila s.r.o." });
    try {
      const response = await call(ask.action as never, "/api/faq/ask", {
        json: { question: "What is the capital of France?", language: "en" },
      });
      expect(await readJson(response)).toEqual({ answer: "I don't know the answer to that yet." });
    } finally {
      await setCompanyProfile(DEMO_COMPANY);
    }
  });

  test("form-encoded bodies work; the language defaults to the request's", async () => {
    const response = await call(ask.action as never, "/api/faq/ask?lng=en", {
      form: { question: "Do I need my own scooter?" },
    });
    expect(await readJson(response)).toEqual({ answer: FAQ.en[4][1] });
  });

  test("bad input is 400 with a translated field error", async () => {
    for (const json of [
      {},
      { question: "" },
      { question: "x" },
      { question: "a".repeat(501) },
      { question: "ok?", language: "de" },
    ]) {
      const response = await call(ask.action as never, "/api/faq/ask?lng=en", { json });
      expect(response.status).toBe(400);
      const body = await readJson<{ error: string; fieldErrors: Record<string, string[]> }>(response);
      expect(body.error).toBe("The request is not valid.");
      expect(body.fieldErrors.question).toEqual(["Please write a question (2–500 characters)."]);
    }
  });

  test("rate-limited per IP with Retry-After", async () => {
    const { limit } = RATE_LIMITS.assistant;
    for (let i = 0; i < limit; i++) {
      const ok = await call(ask.action as never, "/api/faq/ask", { json: { question: "Aký vek?" }, ip: "10.0.0.9" });
      expect(ok.status).toBe(200);
    }
    const refused = await call(ask.action as never, "/api/faq/ask?lng=en", {
      json: { question: "Aký vek?" },
      ip: "10.0.0.9",
    });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect((await readJson(refused)).error).toMatch(/Too many attempts/);
    const other = await call(ask.action as never, "/api/faq/ask", { json: { question: "Aký vek?" }, ip: "10.0.0.10" });
    expect(other.status).toBe(200);
  });

  test("GET is 405", async () => {
    expect((await call(ask.loader as never, "/api/faq/ask")).status).toBe(405);
  });
});
