-- Invariants of the fleet held by the database (docs/architecture.md, "Invariants").
-- 1. One pending application per courier: the unique index comes in the next migration; a race could
--    have left two pending rows for one courier before it, so all but the newest are closed first
--    (rejected, with the reason saying why), deterministically.
UPDATE "applications" SET "status" = 'rejected', "rejection_reason" = 'superseded by a later submission', "decided_at" = now()
WHERE "status" = 'pending' AND EXISTS (SELECT 1 FROM "applications" AS "later" WHERE "later"."user_id" = "applications"."user_id" AND "later"."status" = 'pending' AND "later"."id" > "applications"."id");
--> statement-breakpoint
-- 2. A leased vehicle changes hands only through "nobody": its holder goes from a courier to NULL and
--    then to the next one, never straight from one courier to another. Under READ COMMITTED a waiting
--    UPDATE re-reads the committed row, so OLD is the holder a concurrent approval has just written.
CREATE FUNCTION "vehicles_one_holder"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'vehicle_already_leased' USING ERRCODE = 'integrity_constraint_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "vehicles_one_holder" BEFORE UPDATE OF "assigned_user_id" ON "vehicles" FOR EACH ROW
WHEN (OLD."assigned_user_id" IS NOT NULL AND NEW."assigned_user_id" IS NOT NULL AND NEW."assigned_user_id" <> OLD."assigned_user_id")
EXECUTE FUNCTION "vehicles_one_holder"();
