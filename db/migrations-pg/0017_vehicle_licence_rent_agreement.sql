ALTER TABLE "handovers" ADD COLUMN "licence_seen_category" text;--> statement-breakpoint
ALTER TABLE "handovers" ADD COLUMN "licence_seen_last4" text;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "rent_agreement_version" text;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "rent_agreed_cents" integer;--> statement-breakpoint
ALTER TABLE "vehicle_requests" ADD COLUMN "rent_agreed_at" timestamp (3) with time zone;--> statement-breakpoint
ALTER TABLE "vehicles" ADD COLUMN "licence_category" text DEFAULT 'none' NOT NULL;