-- SQLite only: an index for each chain column and the status alone, so
-- that GET /orders filtered by one of them reads one range of an index
-- rather than merging one per value of the columns it leaves open
-- (decision 97). SQLite merges the members of a compound SELECT through a
-- tree of co-routines, each entry a page skips passing through every
-- level: a deep page of status=COMPLETED merging six ranges of
-- orders_list_dest took about four times as long as one range skipping
-- as many entries. PostgreSQL's merge meets the listing's target without
-- them (its 0005 creates nothing). They are orders_status, orders_origin
-- and orders_dest of 0001, which 0004 dropped, again.
CREATE INDEX orders_list_status ON orders (status, created_at, order_id);
CREATE INDEX orders_list_origin_only ON orders (origin_chain_id, created_at, order_id);
CREATE INDEX orders_list_dest_only ON orders (dest_chain_id, created_at, order_id);
