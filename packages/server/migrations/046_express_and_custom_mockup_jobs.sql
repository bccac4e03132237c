-- Campaign express (issue 16, spec §2 /campaigns/express/*): a launch is a regular bulk job of
-- one row that carries the seller's slug and prices, makes its campaign as a draft of
-- product_type campaign_express and launches it once its designs and mockups are saved.
ALTER TABLE bulk_regular_jobs
  ADD COLUMN express boolean NOT NULL DEFAULT false,
  ADD COLUMN slug text,
  -- [{ "product_id": <template product id>, "price": 24.5 }, …]
  ADD COLUMN prices jsonb;

CREATE INDEX bulk_regular_jobs_express ON bulk_regular_jobs (seller_id, id DESC) WHERE express;

-- Bulk custom mockup (spec §2 /bulk-campaigns/custom/mockup/{id?}): one of the seller's custom
-- mockups drawn with the design of many campaigns by the server's background job
-- (`bulk.custom-mockup`), one row per campaign.
CREATE TABLE custom_mockup_jobs (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  custom_mockup_id bigint REFERENCES custom_mockups(id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX custom_mockup_jobs_seller ON custom_mockup_jobs (seller_id, id DESC);

CREATE TABLE custom_mockup_job_rows (
  id bigserial PRIMARY KEY,
  job_id bigint NOT NULL REFERENCES custom_mockup_jobs(id) ON DELETE CASCADE,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  campaign_id bigint NOT NULL REFERENCES campaigns(id) ON DELETE CASCADE,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  reason text,
  file_url text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX custom_mockup_job_rows_job ON custom_mockup_job_rows (job_id, id);
