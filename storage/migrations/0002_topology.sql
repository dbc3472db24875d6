-- Route topology counters (package topology). Every replica adds its
-- counts as increments, so replicas sharing the database add up.
-- topology_route_counts has one row per route (provider '') and one per
-- provider that quoted it; last_used is Unix microseconds.
CREATE TABLE topology_route_counts (
    source_chain        TEXT   NOT NULL,
    source_address      TEXT   NOT NULL,
    destination_chain   TEXT   NOT NULL,
    destination_address TEXT   NOT NULL,
    provider            TEXT   NOT NULL,
    quote_count         BIGINT NOT NULL,
    last_used           BIGINT NOT NULL,
    PRIMARY KEY (source_chain, source_address, destination_chain, destination_address, provider)
);

-- The most frequent senders and recipients (kind 'sender' or 'recipient'),
-- pruned to a bounded number of rows per kind after each flush.
CREATE TABLE topology_addresses (
    kind    TEXT   NOT NULL,
    address TEXT   NOT NULL,
    hits    BIGINT NOT NULL,
    PRIMARY KEY (kind, address)
);
CREATE INDEX topology_addresses_hits ON topology_addresses (kind, hits);

-- Named values: collecting_since, the earliest start (Unix microseconds) of
-- a replica that flushed.
CREATE TABLE topology_meta (
    name  TEXT   NOT NULL PRIMARY KEY,
    value BIGINT NOT NULL
);
