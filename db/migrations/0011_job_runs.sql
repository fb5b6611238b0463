CREATE TABLE `job_runs` (
	`job` text NOT NULL,
	`period` integer NOT NULL,
	`claimed_by` text NOT NULL,
	`lease_until` integer NOT NULL,
	`finished_at` integer,
	`attempts` integer DEFAULT 1 NOT NULL,
	PRIMARY KEY(`job`, `period`)
);
