/**
 * The file-storage port: stored files by key, whatever keeps them. `STORAGE_URL` unset keeps them
 * on the local disk under UPLOADS_DIR; `s3://bucket/prefix` keeps them in an S3-compatible store
 * (Bun's built-in S3 client). Both implement the same five calls.
 */
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { S3Client } from "bun";
import { config, type StorageConfig } from "./config.server";

export type StoredEntry = { key: string; modifiedAt: number };

/** A stored file being read: its length, and its bytes as a stream (never all in memory at once). */
export type StoredFile = {
  size: number;
  /** What an HTTP answer sends, so that it carries its length (see BUFFERED_BODY_MAX). */
  body(): Promise<Blob | Uint8Array<ArrayBuffer> | ReadableStream<Uint8Array>>;
  stream(): ReadableStream<Uint8Array>;
  arrayBuffer(): Promise<ArrayBuffer>;
};

/**
 * Bun.serve frames a ReadableStream body as chunked and drops its Content-Length (oven-sh/bun#10507),
 * so an object from S3 up to this size is read whole and sent as bytes (every image is far below it);
 * larger ones (videos) stream chunked rather than sit in memory.
 */
const BUFFERED_BODY_MAX = 8 * 1024 * 1024;

export interface FileStorage {
  /** Writes a file under `key`, replacing what was there. */
  put(key: string, data: Uint8Array | Blob): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  /** Removes the file under `key`; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Moves a file to another key (a temporary name into place). */
  move(from: string, to: string): Promise<void>;
  /** Every stored key with its last change, for the sweep of files no row references. */
  list(): Promise<StoredEntry[]>;
}

const KEY_PATTERN = /^\.?[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/;

/** Keys are ours (random names, with a `.tmp-` prefix while uncommitted), but never trusted blindly. */
function assertStorageKey(key: string) {
  if (!KEY_PATTERN.test(key)) throw new Error("Invalid storage key");
  return key;
}

/** Files in one folder of the local disk, private to the server process. */
export function localDiskStorage(dir: string): FileStorage {
  const at = (key: string) => path.join(dir, assertStorageKey(key));
  const ensureDir = () => mkdir(dir, { recursive: true, mode: 0o700 });
  return {
    async put(key, data) {
      await ensureDir();
      await Bun.write(at(key), data, { mode: 0o600 });
    },
    async get(key) {
      const file = Bun.file(at(key));
      if (!(await file.exists())) return null;
      // The file itself as the body: Bun sends it with its length (sendfile where it can).
      return {
        size: file.size,
        body: async () => file,
        stream: () => file.stream(),
        arrayBuffer: () => file.arrayBuffer(),
      };
    },
    async delete(key) {
      await rm(at(key), { force: true });
    },
    async move(from, to) {
      await rename(at(from), at(to));
    },
    async list() {
      const names = await readdir(dir).catch(() => [] as string[]);
      const entries: StoredEntry[] = [];
      for (const name of names) {
        const info = await stat(path.join(dir, name)).catch(() => null);
        if (info?.isFile()) entries.push({ key: name, modifiedAt: info.mtimeMs });
      }
      return entries;
    },
  };
}

export type S3StorageOptions = {
  bucket: string;
  /** Folder inside the bucket ("" or e.g. "courier-fleet/uploads"); every key lives under it. */
  prefix: string;
  endpoint?: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Keys per list request (S3 answers at most 1,000). */
  pageSize?: number;
};

/** S3 answers a missing key with NoSuchKey (GET) or a bare 404 (HEAD). */
function isMissing(error: unknown) {
  const code = (error as { code?: unknown } | null)?.code;
  return code === "NoSuchKey" || code === "NotFound" || code === "ERR_S3_FILE_NOT_FOUND";
}

/**
 * Files in an S3-compatible store, under `prefix/` of one bucket. The bucket (or the prefix) belongs
 * to the app: the orphan sweep removes what no row references there. Keys nested deeper than the
 * prefix are not ours and are never listed.
 */
export function s3Storage(options: S3StorageOptions): FileStorage {
  const client = new S3Client({
    bucket: options.bucket,
    endpoint: options.endpoint,
    region: options.region,
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
  });
  const folder = options.prefix.replace(/^\/+|\/+$/g, "");
  const prefix = folder ? `${folder}/` : "";
  const at = (key: string) => prefix + assertStorageKey(key);
  return {
    async put(key, data) {
      await client.write(at(key), data);
    },
    async get(key) {
      const file = client.file(at(key));
      // One HEAD for the length (and the 404) before the body streams: the answer's headers need both.
      const info = await file.stat().catch((error: unknown) => {
        if (isMissing(error)) return null;
        throw error;
      });
      if (!info) return null;
      return {
        size: info.size,
        body: async () => (info.size <= BUFFERED_BODY_MAX ? new Uint8Array(await file.arrayBuffer()) : file.stream()),
        stream: () => file.stream(),
        arrayBuffer: () => file.arrayBuffer(),
      };
    },
    async delete(key) {
      await client.delete(at(key)).catch((error: unknown) => {
        if (!isMissing(error)) throw error;
      });
    },
    async move(from, to) {
      // S3 has no rename: copy, then delete the source.
      await client.write(at(to), client.file(at(from)));
      await client.delete(at(from));
    },
    async list() {
      const entries: StoredEntry[] = [];
      let continuationToken: string | undefined;
      do {
        const page = await client.list({
          prefix,
          delimiter: "/",
          maxKeys: options.pageSize ?? 1000,
          continuationToken,
        });
        for (const object of page.contents ?? []) {
          const key = object.key.slice(prefix.length);
          if (KEY_PATTERN.test(key))
            entries.push({ key, modifiedAt: object.lastModified ? Date.parse(object.lastModified) : Date.now() });
        }
        continuationToken = page.isTruncated ? page.nextContinuationToken : undefined;
      } while (continuationToken);
      return entries;
    },
  };
}

/** The storage a configuration names (the scripts build theirs from the parsed configuration). */
export function storageFor(settings: StorageConfig): FileStorage {
  return settings.kind === "s3" ? s3Storage(settings) : localDiskStorage(settings.dir);
}

let current: { settings: StorageConfig; storage: FileStorage } | undefined;

/** The storage the configuration names (tests point the configuration elsewhere, hence the check). */
export function storage(): FileStorage {
  const settings = config().storage;
  if (current?.settings !== settings) current = { settings, storage: storageFor(settings) };
  return current.storage;
}
