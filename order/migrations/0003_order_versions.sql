-- Order status streams (order/watch.go) number the states they send with
-- orders.version: the index's change number at the order's last change
-- of state, so that an order's ids only grow, across re-orgs and across
-- an order dropped by a re-org and opened again. order_index_changes
-- holds the last change number given (one row); each write of the index
-- that changes orders takes the next one, under the index's write lock.
ALTER TABLE orders ADD COLUMN version BIGINT NOT NULL DEFAULT 0;
-- Existing orders keep the ids streams sent them before (the count of
-- their events, their opening included).
UPDATE orders SET version = 1 + (SELECT COUNT(*) FROM order_events e WHERE e.order_id = orders.order_id);
CREATE TABLE order_index_changes (
    n BIGINT NOT NULL
);
INSERT INTO order_index_changes (n) SELECT COALESCE(MAX(version), 0) FROM orders;
