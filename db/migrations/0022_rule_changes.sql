CREATE TABLE `rule_changes` (
	`revision` integer PRIMARY KEY NOT NULL,
	`kind` text NOT NULL,
	`effective_from` text,
	`values` text NOT NULL,
	`previous` text NOT NULL,
	`created_by_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `rule_changes_kind_effective_idx` ON `rule_changes` (`kind`,`effective_from`);