CREATE TABLE `problem_report_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`report_id` integer NOT NULL,
	`author_id` integer,
	`from_admin` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`report_id`) REFERENCES `problem_reports`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `problem_report_messages_report_idx` ON `problem_report_messages` (`report_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `applications` ADD `citizenship` text DEFAULT 'other' NOT NULL;