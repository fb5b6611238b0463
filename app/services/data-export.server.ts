/**
 * The user's copy of their data (GDPR access and portability): one ZIP (phones open it without an
 * app) with `data.json` (profile, applications, requests, reports, status history, file list) and
 * their files under `files/`. Two steps kept apart: `gatherExport` decides what goes in,
 * `packZip` only packs it.
 */
import path from "node:path";
import { zipSync, type Zippable } from "fflate";
import type { UserData } from "~/models/privacy.server";
import { openStoredFile } from "~/models/uploads.server";

/** The archive's name for a stored file: its id and kind, never the random storage key. */
export function exportFileName(file: { id: number; kind: string; storageKey: string }) {
  return `files/${file.id}-${file.kind}${path.extname(file.storageKey)}`;
}

export type ExportEntry = { name: string; bytes: Uint8Array };

/** What the export holds: `data.json` first, then every stored file whose bytes still exist. */
export async function gatherExport(data: UserData): Promise<ExportEntry[]> {
  const entries: ExportEntry[] = [];
  const files = [];
  for (const file of data.files) {
    const source = await openStoredFile(file);
    // A file whose row exists but whose bytes are gone is listed, not invented.
    const name = source ? exportFileName(file) : null;
    if (source && name)
      entries.push({ name, bytes: new Uint8Array(await new Response(source.stream()).arrayBuffer()) });
    const { storageKey: _key, ...listed } = file;
    files.push({ ...listed, path: name });
  }
  const document = { exportedAt: new Date().toISOString(), ...data, files };
  return [{ name: "data.json", bytes: new TextEncoder().encode(`${JSON.stringify(document, null, 2)}\n`) }, ...entries];
}

/** A ZIP of the entries; photos and videos are stored as they are (already compressed), text deflated. */
export function packZip(entries: ExportEntry[]): Uint8Array {
  const tree: Zippable = {};
  for (const entry of entries) tree[entry.name] = [entry.bytes, { level: entry.name.endsWith(".json") ? 6 : 0 }];
  return zipSync(tree);
}

export async function buildDataArchive(data: UserData): Promise<Uint8Array> {
  return packZip(await gatherExport(data));
}
