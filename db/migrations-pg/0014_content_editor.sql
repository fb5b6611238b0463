-- The FAQ and the fleet banner: one row per entry with its texts per language (the rows of one
-- position across languages become one entry; a language without a Slovak row keeps its text as Slovak),
-- order and hidden flags, the fleet model's licence category and uploaded pictures.
ALTER TABLE "fleet_models" ALTER COLUMN "image" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "question_sk" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "question_ua" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "question_en" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "answer_sk" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "answer_ua" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "answer_en" text;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "faq_entries" ADD COLUMN "updated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "fleet_models" ADD COLUMN "name" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fleet_models" ADD COLUMN "spec_sk" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "fleet_models" ADD COLUMN "spec_ua" text;--> statement-breakpoint
ALTER TABLE "fleet_models" ADD COLUMN "spec_en" text;--> statement-breakpoint
ALTER TABLE "fleet_models" ADD COLUMN "image_upload_id" integer;--> statement-breakpoint
ALTER TABLE "fleet_models" ADD COLUMN "licence_category" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "fleet_models" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "fleet_models" ADD COLUMN "updated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "logo_upload_id" integer;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "partners" ADD COLUMN "updated_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "fleet_models" ADD CONSTRAINT "fleet_models_image_upload_id_uploads_id_fk" FOREIGN KEY ("image_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "partners" ADD CONSTRAINT "partners_logo_upload_id_uploads_id_fk" FOREIGN KEY ("logo_upload_id") REFERENCES "public"."uploads"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
UPDATE faq_entries SET question_sk = question, answer_sk = answer;--> statement-breakpoint
UPDATE faq_entries SET
  question_ua = (SELECT o.question FROM faq_entries o WHERE o.language = 'ua' AND o.position = faq_entries.position ORDER BY o.id LIMIT 1),
  answer_ua = (SELECT o.answer FROM faq_entries o WHERE o.language = 'ua' AND o.position = faq_entries.position ORDER BY o.id LIMIT 1),
  question_en = (SELECT o.question FROM faq_entries o WHERE o.language = 'en' AND o.position = faq_entries.position ORDER BY o.id LIMIT 1),
  answer_en = (SELECT o.answer FROM faq_entries o WHERE o.language = 'en' AND o.position = faq_entries.position ORDER BY o.id LIMIT 1)
  WHERE language = 'sk';--> statement-breakpoint
UPDATE faq_entries SET question_ua = question, answer_ua = answer WHERE language = 'ua';--> statement-breakpoint
UPDATE faq_entries SET question_en = question, answer_en = answer WHERE language = 'en';--> statement-breakpoint
DELETE FROM faq_entries WHERE language <> 'sk' AND EXISTS (SELECT 1 FROM faq_entries s WHERE s.language = 'sk' AND s.position = faq_entries.position);--> statement-breakpoint
UPDATE fleet_models SET name = title, spec_sk = spec;--> statement-breakpoint
UPDATE fleet_models SET
  spec_ua = (SELECT o.spec FROM fleet_models o WHERE o.language = 'ua' AND o.position = fleet_models.position ORDER BY o.id LIMIT 1),
  spec_en = (SELECT o.spec FROM fleet_models o WHERE o.language = 'en' AND o.position = fleet_models.position ORDER BY o.id LIMIT 1)
  WHERE language = 'sk';--> statement-breakpoint
UPDATE fleet_models SET spec_ua = spec WHERE language = 'ua';--> statement-breakpoint
UPDATE fleet_models SET spec_en = spec WHERE language = 'en';--> statement-breakpoint
DELETE FROM fleet_models WHERE language <> 'sk' AND EXISTS (SELECT 1 FROM fleet_models s WHERE s.language = 'sk' AND s.position = fleet_models.position);--> statement-breakpoint
DROP INDEX "faq_language_position_idx";--> statement-breakpoint
DROP INDEX "fleet_language_position_idx";--> statement-breakpoint
CREATE INDEX "faq_position_idx" ON "faq_entries" USING btree ("position");--> statement-breakpoint
CREATE INDEX "fleet_position_idx" ON "fleet_models" USING btree ("position");--> statement-breakpoint
ALTER TABLE "faq_entries" DROP COLUMN "language";--> statement-breakpoint
ALTER TABLE "faq_entries" DROP COLUMN "question";--> statement-breakpoint
ALTER TABLE "faq_entries" DROP COLUMN "answer";--> statement-breakpoint
ALTER TABLE "fleet_models" DROP COLUMN "language";--> statement-breakpoint
ALTER TABLE "fleet_models" DROP COLUMN "title";--> statement-breakpoint
ALTER TABLE "fleet_models" DROP COLUMN "spec";