-- API keys (package apikey). A key's secret is never stored: secret_hash is
-- the lowercase hex SHA-256 of the secret, and prefix is the first few
-- characters shown by `keys list`. allowed_ips and allowed_origins are JSON
-- arrays of canonical CIDR prefixes and origins; [] allows any. Timestamps are
-- Unix microseconds; revoked_at is NULL while the key is active.
CREATE TABLE api_keys (
    id              TEXT    NOT NULL PRIMARY KEY,
    name            TEXT    NOT NULL,
    prefix          TEXT    NOT NULL,
    secret_hash     TEXT    NOT NULL UNIQUE,
    allowed_ips     TEXT    NOT NULL,
    allowed_origins TEXT    NOT NULL,
    created_at      BIGINT  NOT NULL,
    revoked_at      BIGINT
);

-- Names are unique among keys that are not revoked, so a revoked key's name
-- can be given to its replacement.
CREATE UNIQUE INDEX api_keys_active_name ON api_keys (name) WHERE revoked_at IS NULL;
