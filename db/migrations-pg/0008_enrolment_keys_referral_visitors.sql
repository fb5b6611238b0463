CREATE TABLE "referral_click_visitors" (
	"link_id" integer NOT NULL,
	"day" text NOT NULL,
	"visitor_hash" text NOT NULL,
	CONSTRAINT "referral_click_visitors_link_id_day_visitor_hash_pk" PRIMARY KEY("link_id","day","visitor_hash")
);
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "pending_totp_secret" text;--> statement-breakpoint
ALTER TABLE "referral_click_visitors" ADD CONSTRAINT "referral_click_visitors_link_id_referral_links_id_fk" FOREIGN KEY ("link_id") REFERENCES "public"."referral_links"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "referral_click_visitors_day_idx" ON "referral_click_visitors" USING btree ("day");--> statement-breakpoint
-- Enrolment keys now live on their pending session; the old shared, unconfirmed ones are dropped.
DELETE FROM "totp_credentials" WHERE "enabled_at" IS NULL;
