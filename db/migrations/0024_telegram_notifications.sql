CREATE TABLE `notification_preferences` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`event` text NOT NULL,
	`channel` text NOT NULL,
	`enabled` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `notification_preferences_unique` ON `notification_preferences` (`user_id`,`event`,`channel`);--> statement-breakpoint
CREATE TABLE `telegram_chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`chat_id` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `telegram_chats_user_unique` ON `telegram_chats` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `telegram_chats_chat_unique` ON `telegram_chats` (`chat_id`);--> statement-breakpoint
ALTER TABLE `outbox` ADD `channel` text DEFAULT 'email' NOT NULL;--> statement-breakpoint
ALTER TABLE `outbox` ADD `not_before` integer;