-- Personalised products bought on the storefront (issue 16): the buyer's values of the
-- campaign's artworks, resolved when the checkout was priced (core personalized/buyer.ts
-- PersonalizedValue: text with its font and colour, or the clipart chosen, with the addresses
-- drawn from). The print file is drawn from them; '[]' for every other item.
ALTER TABLE order_items ADD COLUMN personalization jsonb NOT NULL DEFAULT '[]'::jsonb;
