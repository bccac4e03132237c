-- Indexes for every filter and sort the seller lists offer (campaigns, bulk rows, regular bulk
-- jobs), so a page and its capped count read a bounded number of index entries at any list size.
-- Each sort index ends in id, the tie-break every list orders by.

-- Campaigns: product_type (always filtered; the count reads this index alone), status, system_type,
-- created_at (time range); sorts by name, created_at, updated_at, status. q uses the trigram
-- indexes of 004; the id sort uses campaigns_seller_live of 015. Like it, they hold live campaigns
-- only, and the filter indexes carry product_type so a filtered count reads the index alone.
CREATE INDEX campaigns_seller_product_type ON campaigns (seller_id, product_type, id) WHERE deleted_at IS NULL;
CREATE INDEX campaigns_seller_status ON campaigns (seller_id, status, id) INCLUDE (product_type) WHERE deleted_at IS NULL;
CREATE INDEX campaigns_seller_system_type ON campaigns (seller_id, system_type, id) INCLUDE (product_type) WHERE deleted_at IS NULL;
CREATE INDEX campaigns_seller_name ON campaigns (seller_id, name, id) WHERE deleted_at IS NULL;
CREATE INDEX campaigns_seller_created ON campaigns (seller_id, created_at, id) INCLUDE (product_type) WHERE deleted_at IS NULL;
CREATE INDEX campaigns_seller_updated ON campaigns (seller_id, updated_at, id) WHERE deleted_at IS NULL;

-- Bulk rows: status, bulk_id (a job's rows), created_at, q on campaign_name; sorts by id,
-- status, created_at, updated_at. type is served by bulk_rows_claim of 001.
CREATE INDEX bulk_rows_seller ON bulk_rows (seller_id, id);
CREATE INDEX bulk_rows_seller_status ON bulk_rows (seller_id, status, id);
CREATE INDEX bulk_rows_job ON bulk_rows (bulk_id, id);
CREATE INDEX bulk_rows_seller_created ON bulk_rows (seller_id, created_at, id);
CREATE INDEX bulk_rows_seller_updated ON bulk_rows (seller_id, updated_at, id);
CREATE INDEX bulk_rows_campaign_name_trgm ON bulk_rows USING gin (campaign_name gin_trgm_ops);

-- Regular bulk jobs: status (bulk_regular_jobs_claim of 009), created_at, q on campaign_name or
-- collection; sorts by id, status, created_at.
CREATE INDEX bulk_regular_jobs_seller ON bulk_regular_jobs (seller_id, id);
CREATE INDEX bulk_regular_jobs_seller_created ON bulk_regular_jobs (seller_id, created_at, id);
CREATE INDEX bulk_regular_jobs_campaign_name_trgm ON bulk_regular_jobs USING gin (campaign_name gin_trgm_ops);
CREATE INDEX bulk_regular_jobs_collection_trgm ON bulk_regular_jobs USING gin (collection gin_trgm_ops);
