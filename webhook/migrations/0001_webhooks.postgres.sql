-- A key's webhook (package webhook): one URL per API key, with the secret
-- its deliveries are signed with (kept in clear: signing needs it).
CREATE TABLE webhooks (
    key_id     TEXT   NOT NULL PRIMARY KEY,
    url        TEXT   NOT NULL,
    secret     TEXT   NOT NULL,
    created_at BIGINT NOT NULL
);

-- The senders whose orders a key's webhook is told of: source is quote (a
-- limit order the service quoted to the key for this sender) or registered
-- (given with the webhook). Senders are in their runtime's canonical text,
-- as the order index stores them (EIP-55 on EVM).
CREATE TABLE webhook_senders (
    key_id     TEXT   NOT NULL,
    sender     TEXT   NOT NULL,
    source     TEXT   NOT NULL,
    created_at BIGINT NOT NULL,
    PRIMARY KEY (key_id, sender)
);
CREATE INDEX webhook_senders_sender ON webhook_senders (sender);

-- What each webhook was last told of each order, so that a write of the
-- index records only what changed.
CREATE TABLE webhook_order_states (
    key_id     TEXT   NOT NULL,
    order_id   TEXT   NOT NULL,
    status     TEXT   NOT NULL,
    fill_count BIGINT NOT NULL,
    PRIMARY KEY (key_id, order_id)
);

-- The outbox: events written in the transaction of the index write that
-- made them, deleted once delivered. state is pending or dead (given up
-- after too many attempts or too long); a pending row is leased to one
-- dispatcher (lease_holder until lease_until, Unix microseconds) while it
-- is being delivered. Events of one key and order go out in seq order.
CREATE TABLE webhook_outbox (
    seq             BIGSERIAL PRIMARY KEY,
    event_id        TEXT   NOT NULL UNIQUE,
    key_id          TEXT   NOT NULL,
    order_id        TEXT   NOT NULL,
    body            TEXT   NOT NULL,
    created_at      BIGINT NOT NULL,
    attempts        BIGINT NOT NULL,
    next_attempt_at BIGINT NOT NULL,
    lease_holder    TEXT   NOT NULL,
    lease_until     BIGINT NOT NULL,
    last_error      TEXT   NOT NULL,
    state           TEXT   NOT NULL
);
CREATE INDEX webhook_outbox_due ON webhook_outbox (state, next_attempt_at);
CREATE INDEX webhook_outbox_order ON webhook_outbox (key_id, order_id, seq);

