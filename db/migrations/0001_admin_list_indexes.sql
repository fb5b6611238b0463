DROP INDEX `users_referral_idx`;--> statement-breakpoint
CREATE INDEX `users_status_email_idx` ON `users` (`status`,`email`);--> statement-breakpoint
CREATE INDEX `users_status_name_idx` ON `users` (`status`,`full_name`);--> statement-breakpoint
CREATE INDEX `users_role_idx` ON `users` (`role`);--> statement-breakpoint
CREATE INDEX `users_referral_idx` ON `users` (`referral_link_id`,`status`);--> statement-breakpoint
CREATE INDEX `audit_entity_created_idx` ON `audit_log` (`entity_type`,`created_at`);--> statement-breakpoint
CREATE INDEX `vehicles_created_idx` ON `vehicles` (`created_at`);