CREATE TABLE `handovers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`kind` text NOT NULL,
	`vehicle_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`request_id` integer,
	`check_out_id` integer,
	`battery_percent` integer,
	`odometer_km` integer,
	`damages` text,
	`note` text,
	`recorded_by_id` integer,
	`recorded_at` integer,
	`confirmed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`vehicle_id`) REFERENCES `vehicles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`request_id`) REFERENCES `vehicle_requests`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`recorded_by_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `handovers_vehicle_idx` ON `handovers` (`vehicle_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `handovers_user_idx` ON `handovers` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `uploads` ADD `handover_id` integer REFERENCES handovers(id) ON DELETE cascade;--> statement-breakpoint
CREATE INDEX `uploads_handover_idx` ON `uploads` (`handover_id`);--> statement-breakpoint
ALTER TABLE `vehicles` ADD `odometer_km` integer;