import { describe, expect, test } from "bun:test";
import type { RouterContextProvider } from "react-router";
import { DecisionError } from "~/models/decisions.server";
import { PayoutBatchError } from "~/models/payout-batches.server";
import { PayQuestionError } from "~/models/pay-questions.server";
import { PlatformError } from "~/models/platforms.server";
import { call, readJson } from "../../tests/route-harness";
import { adminRefusal, courierRefusal } from "./model-errors.server";

type Args = { context: Readonly<RouterContextProvider> };
/** The answer a route gives when its model call throws `error`, in English. */
const answer = (respond: (context: Args["context"]) => unknown) =>
  call(async ({ context }: Args) => respond(context), "/", { headers: { "Accept-Language": "en" } });

describe("a model's refusal as a page's answer", () => {
  test("an error no model raised is thrown on, not answered as a refusal", async () => {
    const broken = new TypeError("cannot read properties of undefined");
    expect(() => adminRefusal({} as never, broken)).toThrow(broken);
    expect(() => courierRefusal({} as never, "apply", broken)).toThrow(broken);
    // A model error the courier's pages have no words for is not theirs to explain either.
    expect(() => courierRefusal({} as never, "apply", new PlatformError("overlap"))).toThrow(PlatformError);
  });

  test("the admin hears the error's own status and message; a missing record is a bare 404", async () => {
    const refused = await answer((context) => adminRefusal(context, new DecisionError("pendingExists")));
    expect(refused.status).toBe(409);
    expect(await refused.json()).toEqual({ formError: "The user already has a pending request." });
    const missing = await answer((context) => adminRefusal(context, new DecisionError("notFound")));
    expect([missing.status, await missing.json()]).toEqual([404, null]);
    // Platforms word their own "not found".
    const platform = await answer((context) => adminRefusal(context, new PlatformError("notFound")));
    expect([platform.status, await platform.json()]).toEqual([404, { formError: "This record no longer exists." }]);
  });

  test("a route's own words win; every statement held back is named after the refusal", async () => {
    const own = await answer((context) =>
      adminRefusal(context, new DecisionError("notFound"), { notFound: "admin:reports.replyEmpty" }),
    );
    expect([own.status, await own.json()]).toEqual([404, { formError: "Reply cannot be empty." }]);
    const held = new PayoutBatchError("nothingWritable", [{ statementId: 1, name: "Olena Test", problem: "iban" }]);
    const batch = await answer((context) => adminRefusal(context, held));
    expect(batch.status).toBe(409);
    expect(await batch.json()).toEqual({
      formError:
        "No approved statement can be written in a payout file; nothing was exported. Olena Test: the IBAN is not valid",
    });
  });

  test("the courier's answer carries the form's intent, and a rate limit its Retry-After", async () => {
    const limited = await answer((context) => courierRefusal(context, "report", new PayQuestionError("tooMany", 120)));
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toBe("120");
    const body = await readJson<{ intent: string; error: string }>(limited);
    expect(body.intent).toBe("report");
    expect(body.error).toEndWith("you can write again in 2 min.");
  });
});
