-- Invitations to an open seat: the SHA-256 of the secret in the link a player sends a friend.
CREATE TABLE invitations (
    token_hash BLOB    PRIMARY KEY,
    game_id    INTEGER NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    seat       TEXT    NOT NULL,
    created_at TEXT    NOT NULL
) WITHOUT ROWID;
CREATE INDEX invitations_by_game ON invitations (game_id);
