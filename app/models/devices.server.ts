import { and, eq, lt } from "drizzle-orm";
import { userDevices, users } from "~db/schema";
import { DEVICE_REMEMBER_DAYS } from "~/domain/rules";
import { sha256 } from "~/infra/crypto.server";
import { db, transaction } from "~/infra/db.server";
import { queueMail, type OutgoingMail } from "./outbox.server";

/**
 * Remembers the browser a user just logged in from. `isNew` is true when this browser was not
 * known for the user although others were: the first log-in of an account is not "a new device".
 * Then `newDeviceMail` composes the owner's e-mail, queued in the same transaction.
 */
export async function recordDeviceLogin(
  userId: number,
  deviceId: string,
  meta: { ip: string; userAgent: string | null },
  newDeviceMail?: () => OutgoingMail,
) {
  const deviceHash = sha256(deviceId);
  const now = new Date();
  const thisDevice = and(eq(userDevices.userId, userId), eq(userDevices.deviceHash, deviceHash));
  return transaction(async (tx) => {
    const [known] = await tx
      .select({ deviceHash: userDevices.deviceHash })
      .from(userDevices)
      .where(thisDevice)
      .limit(1);
    if (known) {
      await tx
        .update(userDevices)
        .set({ lastSeenAt: now, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null })
        .where(thisDevice);
      return { isNew: false };
    }
    const others = await tx
      .select({ deviceHash: userDevices.deviceHash })
      .from(userDevices)
      .where(eq(userDevices.userId, userId))
      .limit(1);
    await tx
      .insert(userDevices)
      .values({ userId, deviceHash, lastSeenAt: now, ip: meta.ip, userAgent: meta.userAgent?.slice(0, 300) ?? null });
    if (others.length > 0 && newDeviceMail) await queueMail(tx, newDeviceMail());
    return { isNew: others.length > 0 };
  });
}

/** Browsers unused for longer than their cookie lives can never be recognised again. */
export async function deleteStaleDevices(now = Date.now()) {
  await transaction((tx) =>
    tx
      .delete(userDevices)
      .where(lt(userDevices.lastSeenAt, new Date(now - DEVICE_REMEMBER_DAYS * 24 * 60 * 60 * 1000))),
  );
}

/**
 * The account behind `email` and the hash of `deviceId`, when this browser has logged in to that
 * account before; null otherwise (unknown e-mail, unknown browser, another account's browser).
 */
export async function knownDeviceOf(email: string, deviceId: string) {
  const deviceHash = sha256(deviceId);
  const [row] = await db()
    .select({ userId: userDevices.userId })
    .from(userDevices)
    .innerJoin(users, eq(users.id, userDevices.userId))
    .where(and(eq(users.email, email.trim().toLowerCase()), eq(userDevices.deviceHash, deviceHash)))
    .limit(1);
  return row ? { userId: row.userId, deviceHash } : null;
}
