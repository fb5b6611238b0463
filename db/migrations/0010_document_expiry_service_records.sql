CREATE TABLE `document_reminders` (
	`user_id` integer NOT NULL,
	`valid_until` integer NOT NULL,
	`threshold_days` integer NOT NULL,
	`sent_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `valid_until`, `threshold_days`),
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `document_renewals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`valid_until` integer NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`reason` text,
	`decided_by_id` integer,
	`decided_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`decided_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `document_renewals_one_pending` ON `document_renewals` (`user_id`) WHERE status = 'pending';--> statement-breakpoint
CREATE INDEX `document_renewals_user_idx` ON `document_renewals` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `document_renewals_status_idx` ON `document_renewals` (`status`,`created_at`);--> statement-breakpoint
CREATE TABLE `service_records` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`vehicle_id` integer NOT NULL,
	`problem_report_id` integer,
	`service_date` integer NOT NULL,
	`description` text NOT NULL,
	`cost_cents` integer,
	`next_due_at` integer,
	`next_due_km` integer,
	`completed_at` integer,
	`created_by_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`problem_report_id`) REFERENCES `problem_reports`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `service_records_vehicle_idx` ON `service_records` (`vehicle_id`,`service_date`);--> statement-breakpoint
CREATE INDEX `service_records_report_idx` ON `service_records` (`problem_report_id`);--> statement-breakpoint
ALTER TABLE `applications` ADD `document_valid_until` integer;--> statement-breakpoint
ALTER TABLE `uploads` ADD `document_renewal_id` integer REFERENCES document_renewals(id) ON DELETE cascade;--> statement-breakpoint
ALTER TABLE `uploads` ADD `replaced_at` integer;--> statement-breakpoint
CREATE INDEX `uploads_renewal_idx` ON `uploads` (`document_renewal_id`);--> statement-breakpoint
CREATE INDEX `uploads_replaced_idx` ON `uploads` (`replaced_at`);--> statement-breakpoint
ALTER TABLE `users` ADD `document_valid_until` integer;--> statement-breakpoint
CREATE INDEX `users_document_valid_until_idx` ON `users` (`document_valid_until`);