-- Saved games: one row per game, updated after every accepted action.
CREATE TABLE games (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    kind        TEXT    NOT NULL,               -- xiangqi | gomoku | link | knight | tromino
    variant     TEXT    NOT NULL DEFAULT '',    -- e.g. renju, 15x15, gravity
    mode        TEXT    NOT NULL DEFAULT '',    -- e.g. human-vs-human, human-vs-engine, solo
    players     TEXT    NOT NULL DEFAULT '{}',  -- JSON
    state       TEXT    NOT NULL,               -- JSON, the game's own state
    status      TEXT    NOT NULL DEFAULT 'ongoing' CHECK (status IN ('ongoing', 'finished', 'abandoned')),
    result      TEXT,                           -- JSON, set when finished
    revision    INTEGER NOT NULL DEFAULT 0,     -- bumped by every update; stale writers get 409
    action_count INTEGER NOT NULL DEFAULT 0,
    created_at  TEXT    NOT NULL,               -- RFC 3339, UTC
    updated_at  TEXT    NOT NULL
);
CREATE INDEX games_by_kind_updated ON games (kind, updated_at DESC);
CREATE INDEX games_by_updated ON games (updated_at DESC);

-- The ordered actions of a game, for replay.
CREATE TABLE game_actions (
    game_id INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seq     INTEGER NOT NULL,                   -- 0, 1, 2 ... in play order
    action  TEXT    NOT NULL,                   -- JSON
    PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;

-- Leaderboards: entries are written only by the server after it has verified the result.
CREATE TABLE leaderboard (
    id         INTEGER PRIMARY KEY AUTOINCREMENT,
    game       TEXT    NOT NULL,
    variant    TEXT    NOT NULL DEFAULT '',
    name       TEXT    NOT NULL,
    score      INTEGER,                         -- higher is better; NULL when only time counts
    time_ms    INTEGER,                         -- lower is better
    game_id    INTEGER REFERENCES games (id) ON DELETE SET NULL,
    created_at TEXT    NOT NULL
);
CREATE INDEX leaderboard_by_board ON leaderboard (game, variant);
