-- PayPal accounts join Stripe ones as payment gateways of custom_payment sellers (issue 12):
-- the client id, secret and webhook id are sealed in `credentials` like Stripe's keys.
ALTER TABLE payment_gateways DROP CONSTRAINT payment_gateways_provider_check;
ALTER TABLE payment_gateways ADD CONSTRAINT payment_gateways_provider_check
  CHECK (provider IN ('stripe', 'paypal'));
-- The PayPal order of a checkout is its latest `requires_action` payment row.
CREATE INDEX payments_checkout ON payments (checkout_id, id DESC);
