CREATE TABLE `application_drafts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`fields` text NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `applications` ADD `rejection_reason_code` text;--> statement-breakpoint
ALTER TABLE `applications` ADD `replace_documents` text;