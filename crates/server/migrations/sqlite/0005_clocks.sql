-- Clocks of timed games: the clock as JSON (time control, each seat's time, whose clock runs and
-- since when), and when the running clock's flag falls (Unix ms; NULL when none runs), which the
-- server's referee watches so that a flag falls even with no page open.
ALTER TABLE games ADD COLUMN clock TEXT;
ALTER TABLE games ADD COLUMN clock_deadline INTEGER;
CREATE INDEX games_by_clock_deadline ON games (clock_deadline) WHERE clock_deadline IS NOT NULL;
