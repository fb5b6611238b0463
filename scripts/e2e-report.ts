/**
 * Reads Playwright's JSON report for `bun run test`: how many journeys passed and failed, and which
 * passed only on a retry. A journey that needed its retry is counted as passed (the run is not red
 * for it) but named apart, as a finding: it fails sometimes, and its trace was recorded.
 */
type Spec = { title: string; file: string; line: number; tests: { status: string }[] };
type Suite = { title: string; specs?: Spec[]; suites?: Suite[] };
export type PlaywrightReport = {
  stats: { expected: number; unexpected: number; flaky: number };
  suites?: Suite[];
};

export function summarizeE2e(report: PlaywrightReport) {
  const flaky: string[] = [];
  const walk = (suite: Suite, titles: string[]) => {
    for (const spec of suite.specs ?? [])
      if (spec.tests.some((test) => test.status === "flaky"))
        flaky.push(`${spec.file}:${spec.line} › ${[...titles, spec.title].join(" › ")}`);
    for (const child of suite.suites ?? []) walk(child, [...titles, child.title]);
  };
  // The top suite is the file, already named by the spec's file and line.
  for (const file of report.suites ?? []) walk(file, []);
  return { passed: report.stats.expected + report.stats.flaky, failed: report.stats.unexpected, flaky };
}
