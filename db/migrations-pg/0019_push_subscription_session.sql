ALTER TABLE "push_subscriptions" ADD COLUMN "session_hash" text;--> statement-breakpoint
CREATE INDEX "push_subscriptions_session_idx" ON "push_subscriptions" USING btree ("session_hash");