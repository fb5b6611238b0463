/**
 * One contract for every file storage: the same tests run against the local disk and against a
 * real S3-compatible server (s3rver), so the app can switch with STORAGE_URL and notice nothing.
 */
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { startS3, useStorage, type TestS3 } from "../../tests/s3-server";
import { config, type StorageConfig } from "./config.server";
import { localDiskStorage, s3Storage, storage, type FileStorage, type StoredFile } from "./storage.server";
import { removeUnreferencedFiles } from "./uploads.server";

let s3: TestS3;
beforeAll(async () => {
  s3 = await startS3();
});
afterAll(() => s3.stop());

type Backend = {
  name: string;
  /** Settings of two storages side by side (two folders; two prefixes of one bucket). */
  pair(): [StorageConfig, StorageConfig];
  open(settings: StorageConfig): FileStorage;
  /** A storage that asks for its list in pages of `size` keys. */
  paged(size: number): FileStorage;
};

let serial = 0;
const freshDir = () => mkdtempSync(path.join(tmpdir(), "courier-storage-"));
const backends: Backend[] = [
  {
    name: "local disk",
    pair: () => [
      { kind: "local", dir: freshDir() },
      { kind: "local", dir: freshDir() },
    ],
    open: (settings) => localDiskStorage(settings.kind === "local" ? settings.dir : ""),
    paged: () => localDiskStorage(freshDir()),
  },
  {
    name: "S3 (s3rver)",
    pair: () => {
      const prefix = `contract-${++serial}`;
      // The second prefix lies inside the first: isolation must not be a plain string prefix match.
      return [s3.settings(prefix), s3.settings(`${prefix}/nested`)];
    },
    open: (settings) => (settings.kind === "s3" ? s3Storage(settings) : localDiskStorage("")),
    paged: (size) => s3Storage({ ...s3.settings(`paged-${++serial}`), pageSize: size }),
  },
];

const bytesOf = async (file: StoredFile | null) => (file ? new Uint8Array(await file.arrayBuffer()) : null);
const streamed = async (file: StoredFile) => new Uint8Array(await new Response(file.stream()).arrayBuffer());
const sha256 = (bytes: Uint8Array) => new Bun.CryptoHasher("sha256").update(bytes).digest("hex");
const keysOf = async (store: FileStorage) => (await store.list()).map((entry) => entry.key).sort();

/** Every byte value, then pseudo-random bytes: nothing may be re-encoded on the way. */
function binary(length: number) {
  const bytes = new Uint8Array(length);
  for (let i = 0; i < 256; i += 1) bytes[i] = i;
  let x = 0x2545f491;
  for (let i = 256; i < length; i += 1) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    bytes[i] = x & 0xff;
  }
  return bytes;
}

describe.each(backends)("file storage contract: $name", (backend) => {
  const make = () => {
    const [one, other] = backend.pair();
    return { one: backend.open(one), other: backend.open(other) };
  };
  test("binary bytes come back unchanged, by stream and whole, with their length", async () => {
    const { one } = make();
    const data = binary(300_000);
    await one.put("photo.jpg", data);
    const file = await one.get("photo.jpg");
    expect(file?.size).toBe(data.length);
    expect(sha256(await streamed(file!))).toBe(sha256(data));
    expect(sha256((await bytesOf(await one.get("photo.jpg")))!)).toBe(sha256(data));
  });

  test("a Blob is stored like bytes; a second put replaces the first", async () => {
    const { one } = make();
    await one.put("a.png", new Blob([new Uint8Array([1, 2, 3])]));
    expect(await bytesOf(await one.get("a.png"))).toEqual(new Uint8Array([1, 2, 3]));
    await one.put("a.png", new Uint8Array([9]));
    expect(await bytesOf(await one.get("a.png"))).toEqual(new Uint8Array([9]));
    expect(await keysOf(one)).toEqual(["a.png"]);
  });

  test("a missing key reads as null and deletes without an error", async () => {
    const { one } = make();
    expect(await one.get("missing.jpg")).toBeNull();
    await one.delete("missing.jpg");
    await one.put("gone.jpg", new Uint8Array([1]));
    await one.delete("gone.jpg");
    expect(await one.get("gone.jpg")).toBeNull();
    expect(await keysOf(one)).toEqual([]);
  });

  test("move puts the bytes under the new key and removes the old one; a missing source fails", async () => {
    const { one } = make();
    const data = binary(5_000);
    await one.put(".tmp-doc.jpg", data);
    await one.move(".tmp-doc.jpg", "doc.jpg");
    expect(await one.get(".tmp-doc.jpg")).toBeNull();
    expect(sha256((await bytesOf(await one.get("doc.jpg")))!)).toBe(sha256(data));
    expect(await keysOf(one)).toEqual(["doc.jpg"]);
    await expect(one.move(".tmp-never.jpg", "never.jpg")).rejects.toThrow();
  });

  test("list gives every key with its last change", async () => {
    const { one } = make();
    const before = Date.now();
    for (const key of ["b.jpg", ".tmp-a.png", "c.mp4"]) await one.put(key, new Uint8Array([1]));
    const entries = await one.list();
    expect(entries.map((entry) => entry.key).sort()).toEqual([".tmp-a.png", "b.jpg", "c.mp4"]);
    // S3 keeps whole seconds; a day either way would mean a wrong unit or time zone.
    for (const entry of entries) expect(Math.abs(entry.modifiedAt - before)).toBeLessThan(24 * 60 * 60 * 1000);
  });

  test("two storages side by side see only their own keys", async () => {
    const { one, other } = make();
    await one.put("mine.jpg", new Uint8Array([1]));
    await other.put("theirs.jpg", new Uint8Array([2]));
    expect(await keysOf(one)).toEqual(["mine.jpg"]);
    expect(await keysOf(other)).toEqual(["theirs.jpg"]);
    expect(await one.get("theirs.jpg")).toBeNull();
    await one.delete("theirs.jpg");
    expect(await bytesOf(await other.get("theirs.jpg"))).toEqual(new Uint8Array([2]));
  });

  test("keys that could climb out of the folder or prefix are refused", async () => {
    const { one } = make();
    for (const key of ["../x.jpg", "a/b.jpg", "", "..", "x.JPG/.."]) {
      await expect(one.put(key, new Uint8Array([1]))).rejects.toThrow("Invalid storage key");
      await expect(one.get(key)).rejects.toThrow("Invalid storage key");
    }
  });

  test("list pages through more keys than one answer holds", async () => {
    const store = backend.paged(7);
    const keys = Array.from({ length: 23 }, (_, i) => `k${String(i).padStart(3, "0")}.jpg`);
    // One after another: the listing is under test here, not s3rver under parallel writes.
    for (const key of keys) await store.put(key, new Uint8Array([1]));
    expect(await keysOf(store)).toEqual(keys);
    // 1,005 writes one by one: a few seconds on a quiet machine, more while other suites run.
  }, 60_000);

  test("the orphan sweep removes unreferenced files past the grace period and moves committed ones into place", async () => {
    const restore = useStorage(backend.pair()[0]);
    try {
      const put = (key: string) => storage().put(key, new Uint8Array([7]));
      for (const key of ["kept.jpg", "orphan.jpg", ".tmp-uncommitted.jpg", ".tmp-committed.jpg"]) await put(key);
      const referenced = new Set(["kept.jpg", "committed.jpg"]);
      expect(await removeUnreferencedFiles(referenced, { graceMs: 60_000 })).toBe(0);
      expect(await keysOf(storage())).toEqual([".tmp-committed.jpg", ".tmp-uncommitted.jpg", "kept.jpg", "orphan.jpg"]);
      const removed = await removeUnreferencedFiles(referenced, { graceMs: 60_000, now: Date.now() + 2 * 60_000 });
      // Two here, plus any received part another test left in UPLOADS_DIR past the same grace period.
      expect(removed).toBeGreaterThanOrEqual(2);
      expect(await keysOf(storage())).toEqual(["committed.jpg", "kept.jpg"]);
    } finally {
      restore();
    }
  });
});

describe("S3 listing", () => {
  test("pages of the server's own size (1,000 keys) are followed to the end", async () => {
    const store = s3Storage(s3.settings(`thousand-${++serial}`));
    const keys = Array.from({ length: 1_005 }, (_, i) => `k${String(i).padStart(5, "0")}.jpg`);
    // One after another: the listing is under test here, not s3rver under parallel writes.
    for (const key of keys) await store.put(key, new Uint8Array([1]));
    expect(await keysOf(store)).toEqual(keys);
    // 1,005 writes one by one: a few seconds on a quiet machine, more while other suites run.
  }, 60_000);

  test("objects nested below the prefix or elsewhere in the bucket are not the storage's", async () => {
    const prefix = `shared-${++serial}`;
    const store = s3Storage(s3.settings(prefix));
    await store.put("ours.jpg", new Uint8Array([1]));
    await s3.client.write(`${prefix}/backups/db.tar.gz`, new Uint8Array([2]));
    await s3.client.write(`${prefix}-other/x.jpg`, new Uint8Array([3]));
    expect(await keysOf(store)).toEqual(["ours.jpg"]);
    expect(await s3.client.exists(`${prefix}/ours.jpg`)).toBe(true);
  });

  test("the configured storage is the one STORAGE_URL names", async () => {
    const configured = config().storage.kind;
    const restore = useStorage(s3.settings(`configured-${++serial}`));
    try {
      await storage().put("via-config.jpg", new Uint8Array([5]));
      expect(await s3.client.exists(`configured-${serial}/via-config.jpg`)).toBe(true);
    } finally {
      restore();
    }
    expect(config().storage.kind).toBe(configured);
  });
});
