-- Klaviyo (spec §3 Store-level state, §7 sync-profiles): private keys are stored sealed with a
-- key derived from PRINTLOOM_SECRET (AES-256-GCM, "v1." prefix); rows written before this
-- migration hold the plain key and are sealed when the server starts. The outcome of the last
-- sync is kept as a message (spec §8: Klaviyo errors are stored as messages).
ALTER TABLE klaviyo_settings ADD COLUMN last_synced_at timestamptz;
ALTER TABLE klaviyo_settings ADD COLUMN last_sync_message text;
ALTER TABLE klaviyo_settings ADD COLUMN last_job_id text;

-- A store's email-marketing subscribers. A subscriber is queued for Klaviyo while
-- klaviyo_synced_at is NULL or older than its last change.
CREATE TABLE subscribers (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  store_id bigint NOT NULL REFERENCES stores(id) ON DELETE CASCADE,
  email text NOT NULL,
  first_name text,
  last_name text,
  phone text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  klaviyo_synced_at timestamptz,
  UNIQUE (store_id, email)
);
CREATE INDEX subscribers_seller ON subscribers (seller_id, id DESC);

-- Spec §6: an admin signed in as a seller with store ids is limited to those stores. NULL means
-- every store of the seller.
ALTER TABLE sessions ADD COLUMN store_ids bigint[];
