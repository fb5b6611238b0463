-- Substring search over users' e-mail and name for the admin users table. LIKE '%term%' cannot use a
-- B-tree index and scanned all users; an FTS5 trigram index finds any substring of 3+ characters.
-- External content (the text stays in users only); the triggers keep the index in step. A migration
-- that rebuilds the users table drops these triggers and must create them again.
CREATE VIRTUAL TABLE `users_search` USING fts5(email, full_name, content='users', content_rowid='id', tokenize='trigram remove_diacritics 1');--> statement-breakpoint
INSERT INTO `users_search`(`users_search`) VALUES ('rebuild');--> statement-breakpoint
CREATE TRIGGER `users_search_insert` AFTER INSERT ON `users` BEGIN
  INSERT INTO `users_search`(rowid, email, full_name) VALUES (new.id, new.email, new.full_name);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_delete` AFTER DELETE ON `users` BEGIN
  INSERT INTO `users_search`(`users_search`, rowid, email, full_name) VALUES ('delete', old.id, old.email, old.full_name);
END;--> statement-breakpoint
CREATE TRIGGER `users_search_update` AFTER UPDATE OF email, full_name ON `users` BEGIN
  INSERT INTO `users_search`(`users_search`, rowid, email, full_name) VALUES ('delete', old.id, old.email, old.full_name);
  INSERT INTO `users_search`(rowid, email, full_name) VALUES (new.id, new.email, new.full_name);
END;
