-- Private games: only the players seated in them may watch (others get 403 private_game).
ALTER TABLE games ADD COLUMN private INTEGER NOT NULL DEFAULT 0;
