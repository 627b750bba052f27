-- Players: one per visitor (a cookie), optionally with an account to sign in on other devices.
CREATE TABLE players (
    id            TEXT PRIMARY KEY,          -- public and random: in URLs and seats
    name          TEXT,                      -- chosen display name (normalised); NULL: a guest
    name_key      TEXT UNIQUE,               -- the name in lower case: unique whatever the case
    username      TEXT UNIQUE,               -- account name once claimed (lower case)
    password_hash TEXT,                      -- argon2id, PHC string
    created_at    TEXT NOT NULL
);

-- Browsers signed in as a player: the SHA-256 of each cookie secret (never the secret itself).
CREATE TABLE player_sessions (
    token_hash BLOB PRIMARY KEY,
    player_id  TEXT NOT NULL REFERENCES players (id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
) WITHOUT ROWID;
CREATE INDEX player_sessions_by_player ON player_sessions (player_id);

-- Who holds each seat of a saved game: a player, an engine, or nobody yet (an open seat). Games
-- saved before players existed have no seats: the first player to act on one takes it.
CREATE TABLE game_seats (
    game_id   INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat      TEXT    NOT NULL,              -- red | black | white | solo | owner
    player_id TEXT    REFERENCES players (id) ON DELETE SET NULL,
    engine    TEXT,                          -- the engine holding it, e.g. "level 7"
    PRIMARY KEY (game_id, seat)
) WITHOUT ROWID;
CREATE INDEX game_seats_by_player ON game_seats (player_id);
