ALTER TABLE `handovers` ADD `licence_seen_category` text;--> statement-breakpoint
ALTER TABLE `handovers` ADD `licence_seen_last4` text;--> statement-breakpoint
ALTER TABLE `vehicle_requests` ADD `rent_agreement_version` text;--> statement-breakpoint
ALTER TABLE `vehicle_requests` ADD `rent_agreed_cents` integer;--> statement-breakpoint
ALTER TABLE `vehicle_requests` ADD `rent_agreed_at` integer;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `licence_category` text DEFAULT 'none' NOT NULL;