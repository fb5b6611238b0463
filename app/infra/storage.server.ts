/**
 * The file-storage port: stored files by key, whatever keeps them. Today the local disk under
 * UPLOADS_DIR; every method is async and keyed, so an S3-compatible store (STORAGE_URL) can
 * implement the same five calls (`move` is a copy and a delete there).
 */
import { mkdir, readdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { config } from "./config.server";

export type StoredEntry = { key: string; modifiedAt: number };

export interface FileStorage {
  /** Writes a file under `key`, replacing what was there. */
  put(key: string, data: Uint8Array | Blob): Promise<void>;
  /** The file under `key`, or null when there is none. */
  get(key: string): Promise<Blob | null>;
  /** Removes the file under `key`; a missing one is no error. */
  delete(key: string): Promise<void>;
  /** Moves a file to another key (a temporary name into place). */
  move(from: string, to: string): Promise<void>;
  /** Every stored key with its last change, for the sweep of files no row references. */
  list(): Promise<StoredEntry[]>;
}

/** Keys are ours (random names, with a `.tmp-` prefix while uncommitted), but never trusted blindly. */
function assertStorageKey(key: string) {
  if (!/^\.?[A-Za-z0-9_-]+(\.[a-z0-9]+)?$/.test(key)) throw new Error("Invalid storage key");
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
      return (await file.exists()) ? file : null;
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

let current: { dir: string; storage: FileStorage } | undefined;

/** The storage the configuration names (tests change UPLOADS_DIR between runs, hence the check). */
export function storage(): FileStorage {
  const dir = config().uploadsDir;
  if (current?.dir !== dir) current = { dir, storage: localDiskStorage(dir) };
  return current.storage;
}
