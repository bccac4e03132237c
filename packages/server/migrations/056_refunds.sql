-- Money sent back to the buyer through the gateway that charged the order. One refund per order
-- (orders are refunded whole); the provider call runs in a background job, and
-- `idempotency_key` goes to the provider with every attempt (Stripe's Idempotency-Key, PayPal's
-- PayPal-Request-Id), so a retried attempt answers the first refund instead of making another.
-- status: pending (not yet accepted by the provider), processing (accepted, not final yet),
-- completed, failed (`last_error` holds the provider's message).
CREATE TABLE refunds (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  order_id bigint NOT NULL UNIQUE REFERENCES orders(id) ON DELETE CASCADE,
  provider text NOT NULL CHECK (provider IN ('test', 'stripe', 'paypal')),
  gateway_id bigint REFERENCES payment_gateways(id) ON DELETE SET NULL,
  -- What was charged: Stripe's PaymentIntent, PayPal's capture, the test gateway's reference.
  payment_reference text NOT NULL,
  -- The provider's refund id once it answered.
  reference text,
  amount bigint NOT NULL CHECK (amount > 0),
  currency text NOT NULL,
  idempotency_key text NOT NULL UNIQUE,
  status text NOT NULL DEFAULT 'pending'
    CHECK (status IN ('pending', 'processing', 'completed', 'failed')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  last_error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX refunds_seller ON refunds (seller_id, id);
-- Provider webhooks find a refund by the provider's id.
CREATE INDEX refunds_reference ON refunds (provider, reference) WHERE reference IS NOT NULL;
