import { describe, expect, test } from "bun:test";
import { courierMayReply, reportReplySchema, reportThread } from "./report-thread";

const at = (minutes: number) => new Date(Date.UTC(2026, 0, 1, 10, minutes));

describe("reportThread", () => {
  const report = { id: 7, description: "Flat tyre", createdAt: at(0), response: null, resolvedAt: null };
  test("the description is the first message; stored messages follow in time order", () => {
    const thread = reportThread(report, [
      { id: 2, fromAdmin: false, body: "Thanks", createdAt: at(20) },
      { id: 1, fromAdmin: true, body: "Tomorrow at 9", createdAt: at(10) },
    ]);
    expect(thread.map((m) => [m.from, m.body])).toEqual([
      ["courier", "Flat tyre"],
      ["admin", "Tomorrow at 9"],
      ["courier", "Thanks"],
    ]);
  });
  test("a reply from before conversations existed stays in the thread, after the description", () => {
    const thread = reportThread({ ...report, response: "Fixed", resolvedAt: at(5) }, [
      { id: 1, fromAdmin: false, body: "Thank you", createdAt: at(30) },
    ]);
    expect(thread.map((m) => m.body)).toEqual(["Flat tyre", "Fixed", "Thank you"]);
  });
});

describe("courier replies", () => {
  test("only into an open report", () => {
    expect([courierMayReply("open"), courierMayReply("resolved")]).toEqual([true, false]);
  });
  test("the body is required and bounded", () => {
    expect(reportReplySchema.safeParse({ reportId: "3", body: "  " }).error?.issues[0]?.message).toBe(
      "errors.replyRequired",
    );
    expect(reportReplySchema.safeParse({ reportId: "3", body: "x".repeat(2001) }).error?.issues[0]?.message).toBe(
      "errors.tooLong",
    );
    expect(reportReplySchema.parse({ reportId: "3", body: " Hello " })).toEqual({ reportId: 3, body: "Hello" });
  });
});
