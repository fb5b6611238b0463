CREATE TABLE `pay_question_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`question_id` integer NOT NULL,
	`author_id` integer,
	`from_admin` integer NOT NULL,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`question_id`) REFERENCES `pay_questions`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pay_question_messages_question_idx` ON `pay_question_messages` (`question_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `pay_questions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`statement_id` integer NOT NULL,
	`line_index` integer NOT NULL,
	`line_kind` text NOT NULL,
	`user_id` integer NOT NULL,
	`body` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`resolved_by_id` integer,
	`resolved_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`statement_id`) REFERENCES `pay_statements`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`resolved_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pay_questions_status_created_idx` ON `pay_questions` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `pay_questions_user_idx` ON `pay_questions` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `pay_questions_statement_idx` ON `pay_questions` (`statement_id`);