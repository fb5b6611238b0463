/**
 * The user's copy of their data (GDPR access and portability): one .tar.gz with `data.json`
 * (profile, applications, requests, reports, status history, file list) and their files under
 * `files/`. Built in a private temporary folder that is removed before the answer is sent.
 */
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import * as tar from "tar";
import type { StoredFile } from "~/infra/storage.server";
import type { UserData } from "~/models/privacy.server";
import { openStoredFile } from "~/models/uploads.server";

/** The archive's name for a stored file: its id and kind, never the random storage key. */
export function exportFileName(file: { id: number; kind: string; storageKey: string }) {
  return `files/${file.id}-${file.kind}${path.extname(file.storageKey)}`;
}

export async function buildDataArchive(data: UserData): Promise<ArrayBuffer> {
  const staging = await mkdtemp(path.join(tmpdir(), "courier-export-"));
  try {
    const entries = ["data.json"];
    const files = [];
    for (const file of data.files) {
      const source = await openStoredFile(file);
      // A file whose row exists but whose bytes are gone is listed, not invented.
      const name = source ? exportFileName(file) : null;
      if (source && name) {
        if (entries.length === 1) entries.push("files");
        await copyFileInto(source, path.join(staging, name));
      }
      const { storageKey: _key, ...listed } = file;
      files.push({ ...listed, path: name });
    }
    const document = { exportedAt: new Date().toISOString(), ...data, files };
    await writeFile(path.join(staging, "data.json"), `${JSON.stringify(document, null, 2)}\n`, { mode: 0o600 });
    const archive = path.join(staging, "export.tar.gz");
    await tar.create({ gzip: true, file: archive, cwd: staging, portable: true }, entries);
    return await Bun.file(archive).arrayBuffer();
  } finally {
    await rm(staging, { recursive: true, force: true });
  }
}

async function copyFileInto(source: StoredFile, target: string) {
  await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
  await Bun.write(target, new Response(source.stream()));
}
