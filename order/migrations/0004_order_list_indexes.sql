-- GET /orders pages every combination of its filters (sender, status,
-- origin, destination) out of an index holding just the filter's orders
-- in page order (decision 97). An index of one column each (sender,
-- status, origin, destination) served a filter of two or more columns
-- only by reading past the entries of the orders it drops, as many as
-- the matching orders are rare: hundreds of milliseconds at a million
-- orders. Each index below leads with filter columns, then the sort key.
-- A filter that fixes some of an index's columns and leaves the others
-- open (status, a chain) reads one range per value of the open columns
-- that orders hold, which the counts of 0002 list, and merges them
-- (order/store_list.go): its index is the one with the fewest such
-- parts. orders_created still serves a listing without a filter, and the
-- solver statistics' window.
DROP INDEX orders_sender;
DROP INDEX orders_status;
DROP INDEX orders_origin;
DROP INDEX orders_dest;
CREATE INDEX orders_list_dest ON orders (dest_chain_id, status, created_at, order_id);
CREATE INDEX orders_list_origin ON orders (origin_chain_id, status, created_at, order_id);
CREATE INDEX orders_list_sender ON orders (sender, status, created_at, order_id);
CREATE INDEX orders_list_origin_dest ON orders (origin_chain_id, dest_chain_id, status, created_at, order_id);
CREATE INDEX orders_list_sender_dest ON orders (sender, dest_chain_id, status, created_at, order_id);
CREATE INDEX orders_list_sender_origin_dest ON orders (sender, origin_chain_id, dest_chain_id, status, created_at, order_id);
