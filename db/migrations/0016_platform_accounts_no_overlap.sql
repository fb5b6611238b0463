-- One platform account belongs to one courier at any moment: no two rows of the same (platform_id, account_id)
-- whose inclusive day ranges [starts_on, ends_on] overlap (ends_on null = open). Days are 'YYYY-MM-DD' text, so
-- they compare as strings. The models map the message 'platform_account_overlap' to a translated refusal.
-- PostgreSQL holds the same rule with an exclusion constraint (db/migrations-pg, same name).
CREATE TRIGGER `platform_accounts_no_overlap_insert` BEFORE INSERT ON `platform_accounts`
WHEN EXISTS (
  SELECT 1 FROM `platform_accounts` p
  WHERE p.platform_id = NEW.platform_id AND p.account_id = NEW.account_id
    AND p.starts_on <= coalesce(NEW.ends_on, '9999-12-31') AND NEW.starts_on <= coalesce(p.ends_on, '9999-12-31')
)
BEGIN
  SELECT RAISE(ABORT, 'platform_account_overlap');
END;--> statement-breakpoint
CREATE TRIGGER `platform_accounts_no_overlap_update` BEFORE UPDATE OF `platform_id`, `account_id`, `starts_on`, `ends_on` ON `platform_accounts`
WHEN EXISTS (
  SELECT 1 FROM `platform_accounts` p
  WHERE p.id <> NEW.id AND p.platform_id = NEW.platform_id AND p.account_id = NEW.account_id
    AND p.starts_on <= coalesce(NEW.ends_on, '9999-12-31') AND NEW.starts_on <= coalesce(p.ends_on, '9999-12-31')
)
BEGIN
  SELECT RAISE(ABORT, 'platform_account_overlap');
END;
