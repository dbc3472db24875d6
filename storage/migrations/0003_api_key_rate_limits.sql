-- Per-key rate limits (package ratelimit): at most rate_count requests per
-- rate_period microseconds. rate_count 0 is no limit, which is what keys
-- created before this migration get.
ALTER TABLE api_keys ADD COLUMN rate_count BIGINT NOT NULL DEFAULT 0;
ALTER TABLE api_keys ADD COLUMN rate_period BIGINT NOT NULL DEFAULT 0;
