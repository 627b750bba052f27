-- Rated games and Glicko-2 ratings. A rated game is between two players on a clock; when it
-- finishes, both players' ratings for its game and speed class are updated in the same
-- transaction as the result (rated_at marks it done, so a game is counted once).
ALTER TABLE games ADD COLUMN rated INTEGER NOT NULL DEFAULT 0;
ALTER TABLE games ADD COLUMN rated_at TEXT;

CREATE TABLE ratings (
    player_id  TEXT    NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    game       TEXT    NOT NULL,              -- xiangqi | gomoku
    speed      TEXT    NOT NULL,              -- bullet | blitz | rapid | classical
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    volatility REAL    NOT NULL,
    games      INTEGER NOT NULL DEFAULT 0,
    wins       INTEGER NOT NULL DEFAULT 0,
    draws      INTEGER NOT NULL DEFAULT 0,
    losses     INTEGER NOT NULL DEFAULT 0,
    updated_at TEXT    NOT NULL,
    PRIMARY KEY (player_id, game, speed)
) WITHOUT ROWID;

-- Every change of a rating, for the player page's chart.
CREATE TABLE rating_history (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id  TEXT    NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    game       TEXT    NOT NULL,
    speed      TEXT    NOT NULL,
    game_id    INTEGER REFERENCES games (id) ON DELETE SET NULL,
    rating     REAL    NOT NULL,
    deviation  REAL    NOT NULL,
    at         TEXT    NOT NULL
);
CREATE INDEX rating_history_by_player ON rating_history (player_id, game, speed, id);

-- Open seeks of the lobby: a player waiting for an opponent with these settings.
CREATE TABLE seeks (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    player_id  TEXT    NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    game       TEXT    NOT NULL,              -- xiangqi | gomoku
    rule       TEXT    NOT NULL DEFAULT '',   -- Gomoku's rule set; '' for Xiangqi
    clock      TEXT    NOT NULL,              -- the time control, JSON
    speed      TEXT    NOT NULL,
    rated      INTEGER NOT NULL,
    color      TEXT    NOT NULL,              -- the seat the seeker wants, or 'random'
    rating_min INTEGER,                       -- the opponents' rating range, when limited
    rating_max INTEGER,
    created_at TEXT    NOT NULL
);
CREATE INDEX seeks_by_game ON seeks (game, id);
