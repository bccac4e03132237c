-- A deleted campaign is kept with deleted_at set: bulk jobs, bulk rows, UTM tracks (and the
-- orders to come) refer to campaigns, and a hard delete would cascade through bulk history or
-- leave those rows pointing at nothing. Every seller query filters deleted_at IS NULL.
ALTER TABLE campaigns ADD COLUMN deleted_at timestamptz;
CREATE INDEX campaigns_seller_live ON campaigns (seller_id, id DESC) WHERE deleted_at IS NULL;
