-- Campaign express (issue 16, spec §2 /campaigns/express/*): a launch is a regular bulk job of
-- one row that carries the seller's slug and prices, makes its campaign as a draft of
-- product_type campaign_express and launches it once its designs and mockups are saved.
ALTER TABLE bulk_regular_jobs
  ADD COLUMN express boolean NOT NULL DEFAULT false,
  ADD COLUMN slug text,
  -- [{ "product_id": <template product id>, "price": 24.5 }, …]
  ADD COLUMN prices jsonb;

CREATE INDEX bulk_regular_jobs_express ON bulk_regular_jobs (seller_id, id DESC) WHERE express;
