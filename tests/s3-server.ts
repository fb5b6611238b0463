/**
 * A real S3-compatible server for tests: s3rver on a free loopback port, keeping its objects in a
 * temporary folder that `stop()` removes. It runs in a Node.js child process (tests/s3rver-process.cjs):
 * inside Bun it acknowledged writes it had not stored yet. (The s3rver patch in `patches/` makes its
 * listings sorted and its continuation tokens work.)
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
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

/** The first line the child prints: its port, or why it could not start. */
async function firstLine(stream: ReadableStream<Uint8Array>) {
  const decoder = new TextDecoder();
  let text = "";
  for await (const chunk of stream) {
    text += decoder.decode(chunk, { stream: true });
    if (text.includes("\n")) break;
  }
  return text.split("\n")[0] ?? "";
}

export async function startS3(bucket = "courier-fleet-test"): Promise<TestS3> {
  const directory = mkdtempSync(path.join(tmpdir(), "courier-s3-"));
  // s3rver's continuation tokens use DES, which Node's OpenSSL 3 keeps in its legacy provider.
  const child = Bun.spawn(
    ["node", "--openssl-legacy-provider", path.join(import.meta.dir, "s3rver-process.cjs"), directory, bucket],
    {
      stdin: "pipe",
      stdout: "pipe",
      stderr: "pipe",
    },
  );
  const port = Number(await firstLine(child.stdout));
  if (!Number.isInteger(port) || port <= 0) {
    child.kill();
    const reason = await new Response(child.stderr).text();
    rmSync(directory, { recursive: true, force: true });
    throw new Error(`s3rver did not start: ${reason.trim() || "no port printed"}`);
  }
  const endpoint = `http://127.0.0.1:${port}`;
  return {
    endpoint,
    bucket,
    settings: (prefix) => ({ kind: "s3", bucket, prefix, endpoint, ...CREDENTIALS }),
    client: new S3Client({ endpoint, bucket, ...CREDENTIALS }),
    async stop() {
      child.kill("SIGTERM");
      await child.exited;
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
