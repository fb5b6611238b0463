/**
 * `bun run test:scale-out [bun test arguments]`: the unit and integration suite on the scale-out
 * engines — a throw-away PostgreSQL cluster (each run gets a fresh database, tests/setup-unit.ts) and
 * an S3-compatible server on loopback for the files. Both are started here and stopped afterwards.
 */
import { startThrowAwayCluster } from "./pg-cluster";
import { startS3 } from "../tests/s3-server";

const cluster = await startThrowAwayCluster();
const s3 = await startS3("courier-fleet-test").catch(async (error: unknown) => {
  await cluster.stop();
  throw error;
});
let code = 1;
try {
  const proc = Bun.spawn(["bun", "test", "--timeout", "30000", ...process.argv.slice(2)], {
    stdout: "inherit",
    stderr: "inherit",
    env: { ...process.env, TEST_POSTGRES_URL: cluster.url, TEST_S3_ENDPOINT: s3.endpoint, TEST_S3_BUCKET: s3.bucket },
  });
  code = await proc.exited;
} finally {
  await s3.stop();
  await cluster.stop();
}
process.exit(code);
