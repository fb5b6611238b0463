import { and, eq, lt } from "drizzle-orm";
import { userDevices } from "~db/schema";
import { DEVICE_REMEMBER_DAYS } from "~/domain/rules";
import { sha256 } from "~/infra/crypto.server";
import { db, writeTransaction } from "~/infra/db.server";

/**
 * Remembers the browser a user just logged in from. `isNew` is true when this browser was not
 * known for the user although others were: the first log-in of an account is not "a new device".
 */
export function recordDeviceLogin(userId: number, deviceId: string, meta: { ip: string; userAgent: string | null }) {
  const deviceHash = sha256(deviceId);
  const now = new Date();
  return writeTransaction(
    (tx) => {
      const known = tx
        .select({ deviceHash: userDevices.deviceHash })
        .from(userDevices)
        .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceHash, deviceHash)))
        .get();
      if (known) {
        tx.update(userDevices)
          .set({ lastSeenAt: now, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null })
          .where(and(eq(userDevices.userId, userId), eq(userDevices.deviceHash, deviceHash)))
          .run();
        return { isNew: false };
      }
      const hadOthers = !!tx.select({ deviceHash: userDevices.deviceHash }).from(userDevices).where(eq(userDevices.userId, userId)).get();
      tx.insert(userDevices)
        .values({ userId, deviceHash, lastSeenAt: now, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null })
        .run();
      return { isNew: hadOthers };
    },
  );
}

/** Browsers unused for longer than their cookie lives can never be recognised again. */
export function deleteStaleDevices(now = Date.now()) {
  db()
    .delete(userDevices)
    .where(lt(userDevices.lastSeenAt, new Date(now - DEVICE_REMEMBER_DAYS * 24 * 60 * 60 * 1000)))
    .run();
}
