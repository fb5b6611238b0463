// s3rver in its own Node.js process, for tests/s3-server.ts. Under Bun's node:http, s3rver can
// answer a PUT before the object is stored (a later GET finds nothing or zero bytes under load);
// under Node it keeps the order S3 promises. Prints the port once it listens; SIGTERM stops it.
const S3rver = require("s3rver");

const [directory, bucket] = process.argv.slice(2);
const server = new S3rver({
  port: 0,
  address: "127.0.0.1",
  silent: true,
  directory,
  configureBuckets: [{ name: bucket, configs: [] }],
});
server.run().then(
  ({ port }) => process.stdout.write(`${port}\n`),
  (error) => {
    process.stderr.write(`${error?.stack ?? error}\n`);
    process.exit(1);
  },
);
const stop = () => server.close().finally(() => process.exit(0));
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
// The parent test process gone means nobody will stop us.
process.stdin.on("end", stop);
process.stdin.resume();
