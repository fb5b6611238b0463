CREATE TABLE `referral_click_visitors` (
	`link_id` integer NOT NULL,
	`day` text NOT NULL,
	`visitor_hash` text NOT NULL,
	PRIMARY KEY(`link_id`, `day`, `visitor_hash`),
	FOREIGN KEY (`link_id`) REFERENCES `referral_links`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `referral_click_visitors_day_idx` ON `referral_click_visitors` (`day`);--> statement-breakpoint
ALTER TABLE `sessions` ADD `pending_totp_secret` text;--> statement-breakpoint
-- Enrolment keys now live on their pending session; the old shared, unconfirmed ones are dropped.
DELETE FROM "totp_credentials" WHERE "enabled_at" IS NULL;
