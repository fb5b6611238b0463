/**
 * A real S3-compatible server for tests: s3rver on a free loopback port, keeping its objects in a
 * temporary folder that `stop()` removes. (The s3rver patch in `patches/` makes its listings sorted
 * and its continuation tokens work under Bun.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { S3Client } from "bun";
import { config, type StorageConfig } from "~/infra/config.server";

export type TestS3 = {
  endpoint: string;
  bucket: string;
  /** Settings of an `s3://bucket/prefix` storage on this server. */
  settings(prefix: string): Extract<StorageConfig, { kind: "s3" }>;
  /** A client on the whole bucket, to look behind the storage's back. */
  client: S3Client;
  stop(): Promise<void>;
};

const CREDENTIALS = { accessKeyId: "S3RVER", secretAccessKey: "S3RVER", region: "us-east-1" };

export async function startS3(bucket = "courier-fleet-test"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "courier-s3-"));
  const server = new S3rver({
    port: 0,
    address: "127.0.0.1",
    silent: true,
    directory,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const { port } = await server.run();
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: (prefix) => ({ kind: "s3", bucket, prefix, endpoint, ...CREDENTIALS }),
    client: new S3Client({ endpoint, bucket, ...CREDENTIALS }),
    async stop() {
      await server.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}

/**
 * Points the running configuration's file storage elsewhere (what `STORAGE_URL` does at start-up);
 * returns the way back. The configuration is read once per process, so tests swap the parsed value.
 */
export function useStorage(settings: StorageConfig) {
  const cfg = config();
  const before = cfg.storage;
  cfg.storage = settings;
  return () => {
    cfg.storage = before;
  };
}
