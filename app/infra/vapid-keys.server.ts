import { randomBytes } from "node:crypto";
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from "node:fs";
import path from "node:path";
import { generateVAPIDKeys } from "web-push";

/**
 * Without VAPID_* (docs/operations.md#push) a key pair is generated once and kept in the data folder, as the
 * session secret is.
 * Written exclusively: of several processes starting on one folder, the first pair written is everyone's
 * (a subscription is bound to one public key; a second pair would make the push service refuse).
 */
export function vapidKeysIn(dataDir: string): { publicKey: string; privateKey: string } {
  const file = path.join(dataDir, "vapid-keys.json");
  if (!existsSync(file)) {
    mkdirSync(dataDir, { recursive: true });
    // Written whole under a private name, then linked into place: a link never overwrites, and nobody reads half a file.
    const draft = `${file}.${process.pid}.${randomBytes(4).toString("hex")}`;
    writeFileSync(draft, JSON.stringify(generateVAPIDKeys()), { mode: 0o600 });
    try {
      linkSync(draft, file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
    } finally {
      unlinkSync(draft);
    }
  }
  const keys = JSON.parse(readFileSync(file, "utf8")) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey };
}
