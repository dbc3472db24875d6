-- Recipes issued by POST /permit/quote (package permit/permitsql), so that
-- POST /permit/build, on any replica, takes back only recipes issued here,
-- field for field. digest is the lowercase hex of permit.RecipeDigest;
-- recipe is the recipe as issued, in JSON, for naming the field a changed
-- one differs in; owner is the permit owner's lowercase hex address.
-- Timestamps are Unix microseconds; a row past expires_at is forgotten.
CREATE TABLE permit_recipes (
    digest     TEXT   NOT NULL PRIMARY KEY,
    chain_id   BIGINT NOT NULL,
    owner      TEXT   NOT NULL,
    recipe     TEXT   NOT NULL,
    issued_at  BIGINT NOT NULL,
    expires_at BIGINT NOT NULL
);
CREATE INDEX permit_recipes_owner ON permit_recipes (chain_id, owner, issued_at);
CREATE INDEX permit_recipes_expiry ON permit_recipes (expires_at);
