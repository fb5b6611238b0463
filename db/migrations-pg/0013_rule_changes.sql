CREATE TABLE "rule_changes" (
	"revision" integer PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"effective_from" text,
	"values" jsonb NOT NULL,
	"previous" jsonb NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp (3) with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "rule_changes" ADD CONSTRAINT "rule_changes_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "rule_changes_kind_effective_idx" ON "rule_changes" USING btree ("kind","effective_from");