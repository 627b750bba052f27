-- Rematches: a game offered as a rematch of a finished one names it, and who offered it. The
-- offerer sits in the seat its opponent had; the other seat stays open until the opponent accepts.
ALTER TABLE games ADD COLUMN rematch_of INTEGER REFERENCES games (id) ON DELETE SET NULL;
ALTER TABLE games ADD COLUMN rematch_by TEXT;
CREATE INDEX games_by_rematch_of ON games (rematch_of) WHERE rematch_of IS NOT NULL;
