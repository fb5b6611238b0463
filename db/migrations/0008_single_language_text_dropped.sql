ALTER TABLE `news_posts` DROP COLUMN `title`;--> statement-breakpoint
ALTER TABLE `news_posts` DROP COLUMN `content`;--> statement-breakpoint
ALTER TABLE `vehicles` DROP COLUMN `characteristics`;