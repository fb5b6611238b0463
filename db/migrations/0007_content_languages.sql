ALTER TABLE `news_posts` ADD `title_sk` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `news_posts` ADD `title_ua` text;--> statement-breakpoint
ALTER TABLE `news_posts` ADD `title_en` text;--> statement-breakpoint
ALTER TABLE `news_posts` ADD `content_sk` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `news_posts` ADD `content_ua` text;--> statement-breakpoint
ALTER TABLE `news_posts` ADD `content_en` text;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `characteristics_sk` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `characteristics_ua` text;--> statement-breakpoint
ALTER TABLE `vehicles` ADD `characteristics_en` text;--> statement-breakpoint
UPDATE `news_posts` SET `title_sk` = `title`, `content_sk` = `content`;--> statement-breakpoint
UPDATE `vehicles` SET `characteristics_sk` = `characteristics`;
