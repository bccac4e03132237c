-- Seller-center sign-in hand-over (issue 11): a single-use token bound to the nonce the
-- receiving dashboard set (user_tokens.nonce_hash, migration 013) carries the session it was
-- minted from, so the new session keeps its acting seller, admin and store limits.
ALTER TABLE user_tokens ADD COLUMN session_id bigint REFERENCES sessions(id) ON DELETE CASCADE;
