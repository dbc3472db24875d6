-- The order index (package order): what the OrderBooks' events say about
-- every order, and how far each chain has been read. Amounts are decimal
-- TEXT (they are uint128); times of blocks are Unix seconds, leases Unix
-- microseconds; hashes, ids and bytes32 values are 0x-prefixed lowercase
-- hex; EVM addresses are EIP-55.

-- One row per indexed chain. next_block is the first block not indexed yet.
-- holder names the replica indexing the chain until lease_until ('' and 0
-- when none does); every batch it writes renews the lease in its own
-- transaction, so a replica that lost its lease cannot write.
CREATE TABLE order_index_chains (
    chain_id    BIGINT NOT NULL PRIMARY KEY,
    next_block  BIGINT NOT NULL,
    holder      TEXT   NOT NULL,
    lease_until BIGINT NOT NULL,
    updated_at  BIGINT NOT NULL
);

-- The hash of the last block of each recent batch: where a re-org forked
-- is the newest of these the chain still has.
CREATE TABLE order_index_blocks (
    chain_id BIGINT NOT NULL,
    number   BIGINT NOT NULL,
    hash     TEXT   NOT NULL,
    PRIMARY KEY (chain_id, number)
);

-- One row per order whose OrderOpened was indexed: the event's fields, and
-- the rest folded from order_events (see order/store.go). token_out and
-- solver are the bytes32 of the event (an EVM address in the low 20 bytes,
-- or a Solana key); solver is zero for an order any solver may fill.
CREATE TABLE orders (
    order_id           TEXT   NOT NULL PRIMARY KEY,
    origin_chain_id    BIGINT NOT NULL,
    open_block         BIGINT NOT NULL,
    open_log_index     BIGINT NOT NULL,
    open_block_hash    TEXT   NOT NULL,
    open_tx            TEXT   NOT NULL,
    created_at         BIGINT NOT NULL,
    sender             TEXT   NOT NULL,
    funder             TEXT   NOT NULL,
    token_in           TEXT   NOT NULL,
    amount_in          TEXT   NOT NULL,
    dest_chain_id      BIGINT NOT NULL,
    token_out          TEXT   NOT NULL,
    amount_out         TEXT   NOT NULL,
    solver             TEXT   NOT NULL,
    fill_deadline      BIGINT NOT NULL,
    status             TEXT   NOT NULL,
    amount_out_filled  TEXT   NOT NULL,
    fill_count         BIGINT NOT NULL,
    amount_in_released TEXT   NOT NULL,
    fill_report_count  BIGINT NOT NULL,
    amount_refunded    TEXT   NOT NULL,
    resolved_at        BIGINT
);
-- GET /orders lists newest first (created_at, then order_id, descending),
-- filtered by any of sender, status, origin and destination.
CREATE INDEX orders_created ON orders (created_at, order_id);
CREATE INDEX orders_sender ON orders (sender, created_at, order_id);
CREATE INDEX orders_status ON orders (status, created_at, order_id);
CREATE INDEX orders_origin ON orders (origin_chain_id, created_at, order_id);
CREATE INDEX orders_dest ON orders (dest_chain_id, created_at, order_id);
-- Undoing a re-org removes the orders opened in the blocks it dropped.
CREATE INDEX orders_open ON orders (origin_chain_id, open_block);

-- Every other OrderBook event of an order, on whichever chain it happened:
-- kind is filled, fill_reported, completed, cancelled, cancel_reported or
-- refund_claimed. account is the solver (filled), the origin recipient
-- (fill_reported) or the sender refunded (refund_claimed), else ''.
-- amount_in is amountInToRelease (filled, fill_reported) or
-- amountInRefunded (refund_claimed), amount_out amountOutFilled (filled,
-- fill_reported); otherwise '0'.
CREATE TABLE order_events (
    chain_id     BIGINT NOT NULL,
    block_number BIGINT NOT NULL,
    log_index    BIGINT NOT NULL,
    block_hash   TEXT   NOT NULL,
    block_time   BIGINT NOT NULL,
    tx_hash      TEXT   NOT NULL,
    kind         TEXT   NOT NULL,
    order_id     TEXT   NOT NULL,
    account      TEXT   NOT NULL,
    amount_in    TEXT   NOT NULL,
    amount_out   TEXT   NOT NULL,
    PRIMARY KEY (chain_id, block_number, log_index)
);
CREATE INDEX order_events_order ON order_events (order_id);

-- The fills of every order, as GET /orders/{originChain}/{orderId} lists
-- them.
CREATE VIEW order_fills AS
    SELECT order_id, chain_id, block_number, log_index, block_time AS filled_at, tx_hash,
           account AS solver, amount_in AS amount_in_to_release, amount_out AS amount_out_filled
    FROM order_events WHERE kind = 'filled';
