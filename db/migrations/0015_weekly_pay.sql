CREATE TABLE `bank_accounts` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`iban` text NOT NULL,
	`holder` text NOT NULL,
	`holder_mismatch` integer DEFAULT false NOT NULL,
	`changed_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `earning_imports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`week_start` text NOT NULL,
	`file_name` text NOT NULL,
	`storage_key` text NOT NULL,
	`sha256` text NOT NULL,
	`rows_count` integer DEFAULT 0 NOT NULL,
	`skipped_count` integer DEFAULT 0 NOT NULL,
	`committed_at` integer,
	`created_by_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `earning_imports_storage_key_unique` ON `earning_imports` (`storage_key`);--> statement-breakpoint
CREATE INDEX `earning_imports_committed_idx` ON `earning_imports` (`committed_at`);--> statement-breakpoint
CREATE TABLE `earnings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`account_id` text NOT NULL,
	`day` text NOT NULL,
	`minutes` integer NOT NULL,
	`deliveries` integer NOT NULL,
	`gross_cents` integer NOT NULL,
	`tips_cents` integer NOT NULL,
	`import_id` integer NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`import_id`) REFERENCES `earning_imports`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `earnings_account_day_unique` ON `earnings` (`platform_id`,`account_id`,`day`);--> statement-breakpoint
CREATE INDEX `earnings_day_idx` ON `earnings` (`day`);--> statement-breakpoint
CREATE INDEX `earnings_import_idx` ON `earnings` (`import_id`);--> statement-breakpoint
CREATE TABLE `pay_adjustments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`week_start` text NOT NULL,
	`kind` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`reason` text NOT NULL,
	`handover_id` integer,
	`created_by_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`statement_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`handover_id`) REFERENCES `handovers`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`statement_id`) REFERENCES `pay_statements`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `pay_adjustments_user_week_idx` ON `pay_adjustments` (`user_id`,`week_start`);--> statement-breakpoint
CREATE INDEX `pay_adjustments_statement_idx` ON `pay_adjustments` (`statement_id`);--> statement-breakpoint
CREATE TABLE `pay_statements` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`week_start` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`minutes` integer DEFAULT 0 NOT NULL,
	`gross_cents` integer DEFAULT 0 NOT NULL,
	`tips_cents` integer DEFAULT 0 NOT NULL,
	`pay_cents` integer DEFAULT 0 NOT NULL,
	`rent_cents` integer DEFAULT 0 NOT NULL,
	`damage_cents` integer DEFAULT 0 NOT NULL,
	`adjustments_cents` integer DEFAULT 0 NOT NULL,
	`carried_in_cents` integer DEFAULT 0 NOT NULL,
	`net_cents` integer DEFAULT 0 NOT NULL,
	`payout_cents` integer DEFAULT 0 NOT NULL,
	`carry_out_cents` integer DEFAULT 0 NOT NULL,
	`lines` text NOT NULL,
	`iban` text,
	`holder` text,
	`computed_at` integer NOT NULL,
	`approved_by_id` integer,
	`approved_at` integer,
	`batch_id` integer,
	`paid_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`approved_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`batch_id`) REFERENCES `payout_batches`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `pay_statements_user_week_unique` ON `pay_statements` (`user_id`,`week_start`);--> statement-breakpoint
CREATE INDEX `pay_statements_week_status_idx` ON `pay_statements` (`week_start`,`status`);--> statement-breakpoint
CREATE INDEX `pay_statements_batch_idx` ON `pay_statements` (`batch_id`);--> statement-breakpoint
CREATE TABLE `payout_batches` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payday` text NOT NULL,
	`status` text DEFAULT 'exported' NOT NULL,
	`total_cents` integer NOT NULL,
	`count` integer NOT NULL,
	`file_key` text NOT NULL,
	`created_by_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`paid_by_id` integer,
	`paid_at` integer,
	`cancelled_by_id` integer,
	`cancelled_at` integer,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`paid_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`cancelled_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `payout_batches_payday_idx` ON `payout_batches` (`payday`);--> statement-breakpoint
CREATE TABLE `platform_accounts` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`platform_id` integer NOT NULL,
	`account_id` text NOT NULL,
	`user_id` integer NOT NULL,
	`starts_on` text NOT NULL,
	`ends_on` text,
	`created_by_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`platform_id`) REFERENCES `platforms`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`created_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "platform_accounts_range" CHECK(ends_on is null or ends_on >= starts_on)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platform_accounts_one_open` ON `platform_accounts` (`platform_id`,`account_id`) WHERE ends_on is null;--> statement-breakpoint
CREATE INDEX `platform_accounts_account_idx` ON `platform_accounts` (`platform_id`,`account_id`,`starts_on`);--> statement-breakpoint
CREATE INDEX `platform_accounts_user_idx` ON `platform_accounts` (`user_id`,`starts_on`);--> statement-breakpoint
CREATE TABLE `platforms` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`column_mapping` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `platforms_name_unique` ON `platforms` (`name`);