-- Nothing on PostgreSQL: the indexes of 0005 are SQLite's alone (see
-- 0005_order_list_sqlite.sqlite.sql and decision 97). PostgreSQL merges a
-- filter's ranges lazily (Merge Append) and meets the listing's target
-- at a million orders without them; they would only add to every write.
SELECT 1;
