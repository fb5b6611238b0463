ALTER TABLE `payout_batches` ADD `downloaded_by_id` integer REFERENCES users(id) ON DELETE set null;--> statement-breakpoint
ALTER TABLE `payout_batches` ADD `downloaded_at` integer;--> statement-breakpoint
ALTER TABLE `payout_batches` ADD `held_back` text;