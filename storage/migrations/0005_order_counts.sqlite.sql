-- How many orders each filter of GET /orders selects, kept as the orders
-- table changes, so that the listing's total is exact without counting
-- the matching rows (a count over an index of a million entries takes
-- hundreds of milliseconds; see README "Benchmarks"). order_counts serves
-- the filters without a sender (a few hundred rows: statuses by chain
-- pairs), order_sender_counts those with one (a few rows per sender).
-- Triggers keep both in the transaction that changes orders; a count that
-- falls to zero is deleted. The PostgreSQL version keeps the same tables.
CREATE TABLE order_counts (
    status          TEXT   NOT NULL,
    origin_chain_id BIGINT NOT NULL,
    dest_chain_id   BIGINT NOT NULL,
    n               BIGINT NOT NULL,
    PRIMARY KEY (status, origin_chain_id, dest_chain_id)
);
CREATE TABLE order_sender_counts (
    sender          TEXT   NOT NULL,
    status          TEXT   NOT NULL,
    origin_chain_id BIGINT NOT NULL,
    dest_chain_id   BIGINT NOT NULL,
    n               BIGINT NOT NULL,
    PRIMARY KEY (sender, status, origin_chain_id, dest_chain_id)
);
INSERT INTO order_counts (status, origin_chain_id, dest_chain_id, n)
    SELECT status, origin_chain_id, dest_chain_id, COUNT(*) FROM orders GROUP BY status, origin_chain_id, dest_chain_id;
INSERT INTO order_sender_counts (sender, status, origin_chain_id, dest_chain_id, n)
    SELECT sender, status, origin_chain_id, dest_chain_id, COUNT(*) FROM orders GROUP BY sender, status, origin_chain_id, dest_chain_id;

CREATE TRIGGER order_counts_insert AFTER INSERT ON orders BEGIN
    INSERT INTO order_counts (status, origin_chain_id, dest_chain_id, n)
        VALUES (NEW.status, NEW.origin_chain_id, NEW.dest_chain_id, 1)
        ON CONFLICT (status, origin_chain_id, dest_chain_id) DO UPDATE SET n = n + 1;
    INSERT INTO order_sender_counts (sender, status, origin_chain_id, dest_chain_id, n)
        VALUES (NEW.sender, NEW.status, NEW.origin_chain_id, NEW.dest_chain_id, 1)
        ON CONFLICT (sender, status, origin_chain_id, dest_chain_id) DO UPDATE SET n = n + 1;
END;

CREATE TRIGGER order_counts_delete AFTER DELETE ON orders BEGIN
    UPDATE order_counts SET n = n - 1
        WHERE status = OLD.status AND origin_chain_id = OLD.origin_chain_id AND dest_chain_id = OLD.dest_chain_id;
    DELETE FROM order_counts
        WHERE status = OLD.status AND origin_chain_id = OLD.origin_chain_id AND dest_chain_id = OLD.dest_chain_id AND n <= 0;
    UPDATE order_sender_counts SET n = n - 1
        WHERE sender = OLD.sender AND status = OLD.status AND origin_chain_id = OLD.origin_chain_id AND dest_chain_id = OLD.dest_chain_id;
    DELETE FROM order_sender_counts
        WHERE sender = OLD.sender AND status = OLD.status AND origin_chain_id = OLD.origin_chain_id AND dest_chain_id = OLD.dest_chain_id AND n <= 0;
END;

-- An update moves the order from its old counts to its new ones; the
-- indexer's updates change the status only, or nothing counted.
CREATE TRIGGER order_counts_update AFTER UPDATE OF sender, status, origin_chain_id, dest_chain_id ON orders
WHEN OLD.sender IS NOT NEW.sender OR OLD.status IS NOT NEW.status
    OR OLD.origin_chain_id IS NOT NEW.origin_chain_id OR OLD.dest_chain_id IS NOT NEW.dest_chain_id
BEGIN
    UPDATE order_counts SET n = n - 1
        WHERE status = OLD.status AND origin_chain_id = OLD.origin_chain_id AND dest_chain_id = OLD.dest_chain_id;
    DELETE FROM order_counts
        WHERE status = OLD.status AND origin_chain_id = OLD.origin_chain_id AND dest_chain_id = OLD.dest_chain_id AND n <= 0;
    UPDATE order_sender_counts SET n = n - 1
        WHERE sender = OLD.sender AND status = OLD.status AND origin_chain_id = OLD.origin_chain_id AND dest_chain_id = OLD.dest_chain_id;
    DELETE FROM order_sender_counts
        WHERE sender = OLD.sender AND status = OLD.status AND origin_chain_id = OLD.origin_chain_id AND dest_chain_id = OLD.dest_chain_id AND n <= 0;
    INSERT INTO order_counts (status, origin_chain_id, dest_chain_id, n)
        VALUES (NEW.status, NEW.origin_chain_id, NEW.dest_chain_id, 1)
        ON CONFLICT (status, origin_chain_id, dest_chain_id) DO UPDATE SET n = n + 1;
    INSERT INTO order_sender_counts (sender, status, origin_chain_id, dest_chain_id, n)
        VALUES (NEW.sender, NEW.status, NEW.origin_chain_id, NEW.dest_chain_id, 1)
        ON CONFLICT (sender, status, origin_chain_id, dest_chain_id) DO UPDATE SET n = n + 1;
END;
