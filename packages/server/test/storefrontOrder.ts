import type { FastifyInstance } from 'fastify';
import { bearer, body, campaignOf } from './helpers.js';

/** A store of the seller selling one active campaign at `price` (major units). */
export async function storeWithCampaign(
  app: FastifyInstance,
  token: string,
  slug: string,
  price = 25,
): Promise<{ campaignId: number; product: { id: number; color: string; size: string } }> {
  const campaign = await campaignOf(app, token, `${slug} tee`);
  const store = await app.inject({
    method: 'POST',
    url: '/seller/stores',
    headers: bearer(token),
    payload: { name: slug, slug },
  });
  const storeId = body<{ id: number }>(store).data.id;
  await app.inject({
    method: 'PUT',
    url: `/seller/stores/${storeId}/campaigns`,
    headers: bearer(token),
    payload: { campaign_ids: [campaign.id] },
  });
  await app.db.query("UPDATE campaigns SET status = 'active' WHERE id = $1", [campaign.id]);
  await app.db.query('UPDATE products SET price = $2 WHERE campaign_id = $1', [campaign.id, price]);
  const [product] = await app.db.query<{ id: number; color: string; size: string }>(
    `SELECT p.id, v.color_name AS color, v.size FROM products p
       JOIN template_variants v ON v.template_id = p.template_id AND v.color_name = p.options->'color'->>0
      WHERE p.campaign_id = $1 ORDER BY v.position, v.id LIMIT 1`,
    [campaign.id],
  );
  if (!product) throw new Error('no product');
  return { campaignId: campaign.id, product: { ...product, id: Number(product.id) } };
}

/** A buyer's paid order of `quantity` units on the store; answers its id and number. */
export async function paidOrder(
  app: FastifyInstance,
  slug: string,
  sale: { campaignId: number; product: { id: number; color: string; size: string } },
  quantity = 1,
): Promise<{ order_id: number; order_number: string }> {
  const created = await app.inject({
    method: 'POST',
    url: `/public/stores/${slug}/checkouts`,
    payload: {
      items: [
        {
          campaign_id: sale.campaignId,
          product_id: sale.product.id,
          color: sale.product.color,
          size: sale.product.size,
          quantity,
        },
      ],
      email: 'buyer@example.test',
      shipping_address: {
        name: 'Bea Buyer',
        line1: '1 Main St',
        city: 'Austin',
        state: 'TX',
        postcode: '73301',
        country: 'US',
      },
    },
  });
  if (created.statusCode !== 200) throw new Error(created.body);
  const checkoutId = body<{ checkout_id: string }>(created).data.checkout_id;
  const paid = await app.inject({
    method: 'POST',
    url: `/public/checkouts/${checkoutId}/pay`,
    payload: { gateway: 'test', card_number: '4242424242424242' },
  });
  if (paid.statusCode !== 200) throw new Error(paid.body);
  return body<{ order_id: number; order_number: string }>(paid).data;
}
