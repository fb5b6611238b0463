import { describe, expect, test } from "bun:test";
import { summarizeE2e, type PlaywrightReport } from "./e2e-report";

/** The shape of Playwright 1.64's JSON report (trimmed): one journey broken, one passed on its retry. */
const report: PlaywrightReport = {
  stats: { expected: 1, unexpected: 1, flaky: 1 },
  suites: [
    {
      title: "pay.e2e.ts",
      specs: [{ title: "broken", file: "pay.e2e.ts", line: 6, tests: [{ status: "unexpected" }] }],
      suites: [
        {
          title: "the week",
          specs: [
            { title: "closes", file: "pay.e2e.ts", line: 3, tests: [{ status: "flaky" }] },
            { title: "opens", file: "pay.e2e.ts", line: 4, tests: [{ status: "expected" }] },
          ],
        },
      ],
    },
  ],
};

describe("the journeys' summary in `bun run test`", () => {
  test("a journey that passed only on its retry counts as passed and is named apart", () => {
    expect(summarizeE2e(report)).toEqual({
      passed: 2,
      failed: 1,
      flaky: ["pay.e2e.ts:3 › the week › closes"],
    });
  });

  test("a clean run has no findings", () => {
    expect(summarizeE2e({ stats: { expected: 3, unexpected: 0, flaky: 0 }, suites: [] }).flaky).toEqual([]);
  });
});
