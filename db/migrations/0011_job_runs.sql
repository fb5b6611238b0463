CREATE TABLE `job_runs` (
	`job` text NOT NULL,
	`period_start` integer NOT NULL,
	`claimed_by` text NOT NULL,
	`lease_until` integer NOT NULL,
	`finished_at` integer,
	`attempts` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`job`, `period_start`)
);
