-- Invariants of the fleet held by the database (docs/architecture.md, "Invariants").
-- 1. One pending application per courier: the unique index comes in the next migration; a race could
--    have left two pending rows for one courier before it, so all but the newest are closed first
--    (rejected, with the reason saying why), deterministically.
UPDATE "applications" SET "status" = 'rejected', "rejection_reason" = 'superseded by a later submission', "decided_at" = CAST(unixepoch('subsec') * 1000 AS integer)
WHERE "status" = 'pending' AND EXISTS (SELECT 1 FROM "applications" AS "later" WHERE "later"."user_id" = "applications"."user_id" AND "later"."status" = 'pending' AND "later"."id" > "applications"."id");
--> statement-breakpoint
-- 2. A leased vehicle changes hands only through "nobody": its holder goes from a courier to NULL and
--    then to the next one, never straight from one courier to another. A write that would overwrite a
--    holder (the lost update of two approvals at once) fails instead. Drizzle rebuilds a table by copy
--    for some changes, which drops its triggers: app/models/fleet-races.test.ts checks this one is there.
CREATE TRIGGER "vehicles_one_holder" BEFORE UPDATE OF "assigned_user_id" ON "vehicles"
WHEN OLD."assigned_user_id" IS NOT NULL AND NEW."assigned_user_id" IS NOT NULL AND NEW."assigned_user_id" <> OLD."assigned_user_id"
BEGIN SELECT RAISE(ABORT, 'vehicle_already_leased'); END;
