ALTER TABLE "payout_batches" ADD COLUMN "downloaded_by_id" integer;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "downloaded_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD COLUMN "held_back" jsonb;--> statement-breakpoint
ALTER TABLE "payout_batches" ADD CONSTRAINT "payout_batches_downloaded_by_id_users_id_fk" FOREIGN KEY ("downloaded_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;