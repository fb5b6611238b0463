CREATE TABLE `legal_consents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`kind` text NOT NULL,
	`language` text NOT NULL,
	`version` integer NOT NULL,
	`document_id` integer,
	`source` text NOT NULL,
	`accepted_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`document_id`) REFERENCES `legal_documents`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `legal_consents_user_idx` ON `legal_consents` (`user_id`,`kind`,`accepted_at`);--> statement-breakpoint
CREATE TABLE `legal_documents` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`language` text NOT NULL,
	`version` integer NOT NULL,
	`body` text NOT NULL,
	`published_at` integer NOT NULL,
	`published_by_id` integer,
	FOREIGN KEY (`published_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `legal_documents_kind_language_version_unique` ON `legal_documents` (`kind`,`language`,`version`);