-- One row that the health check updates inside a transaction it rolls back: a real write attempt
-- (refused on a read-only or locked database) that changes nothing.
CREATE TABLE health_probe (n INTEGER NOT NULL);
INSERT INTO health_probe (n) VALUES (0);
