import { campaignUrlName, comboSaving, formatCurrency, toMajor, toMinor } from '@printloom/core';
import { sanitizeRichText } from '../content/sanitizeRichText.js';
import type { StoreCampaign } from '../sql/storefront.js';
import { html, raw, scriptJson } from './html.js';
import {
  absolute,
  layout,
  type PageContext,
  productChoices,
  type ReviewSummary,
  reviewsSection,
} from './pages.js';

/** What the storefront script needs to put a set in the cart (price in major units). */
export interface ComboChoice {
  price: number;
  products: { id: number; name: string }[];
}

/**
 * The product page of a combo campaign: the set, one colour and size pick per product, the
 * bundle price with what it saves against buying the products one by one, and one "Add set to
 * cart" button. A combo without a bundle price (not on sale as a set yet) shows no form.
 */
export function comboProductPage(
  ctx: PageContext,
  campaign: StoreCampaign,
  reviews: ReviewSummary = { rows: [], count: 0, average: 0 },
): string {
  const store = ctx.store;
  const money = (minor: number) => formatCurrency(toMajor(minor), store.currency, store.locale);
  const choices = productChoices(campaign);
  const path = `/products/${campaignUrlName(campaign)}`;
  const url = `${ctx.origin}${path}`;
  const bundle = campaign.bundle_price;
  const separate = choices.reduce((sum, c) => sum + toMinor(c.price), 0);
  const saving = bundle === null ? 0 : comboSaving([separate], bundle);
  const images = choices.flatMap((c) => c.images.slice(0, 1));
  const shown =
    images.length > 0
      ? images
      : campaign.thumb_url
        ? [{ url: campaign.thumb_url, alt: campaign.name }]
        : [];
  const names = choices.map((c) => c.name);
  const own = campaign.products.find((p) => p.description)?.description ?? null;
  const description = `${campaign.name}: a set of ${names.join(', ')}, printed on demand by ${store.title || store.name}.`;
  const data: ComboChoice = {
    price: bundle === null ? 0 : toMajor(bundle),
    products: choices.map((c) => ({ id: c.id, name: c.name })),
  };
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: campaign.name,
    description,
    url,
    sku: String(campaign.id),
    image: shown.map((i) => absolute(ctx, i.url)),
    brand: { '@type': 'Brand', name: store.title || store.name },
    ...(bundle !== null
      ? {
          offers: {
            '@type': 'Offer',
            name: `${campaign.name} (set)`,
            sku: `${campaign.id}-set`,
            price: toMajor(bundle).toFixed(2),
            priceCurrency: store.currency,
            availability: 'https://schema.org/InStock',
            url,
          },
        }
      : {}),
  };
  const form =
    bundle === null
      ? html`<p class="notice">This set is not on sale yet.</p>`
      : html`<form id="combo-form" data-campaign="${campaign.id}" data-name="${campaign.name}" data-url="${ctx.prefix}${path}" data-image="${shown[0]?.url ?? ''}">
${choices.map(
  (
    c,
    k,
  ) => html`<fieldset class="combo-item" data-product="${c.id}"><legend>${k + 1}. ${c.name} <span class="muted">(${money(toMinor(c.price))} on its own)</span></legend>
<div class="row"><div><label for="color-${c.id}">Colour of ${c.name}</label><select id="color-${c.id}" name="color-${c.id}">${c.colors.map((color) => html`<option>${color}</option>`)}</select></div>
<div><label for="size-${c.id}">Size of ${c.name}</label><select id="size-${c.id}" name="size-${c.id}">${c.sizes.map((size) => html`<option>${size}</option>`)}</select></div></div></fieldset>`,
)}
<label for="quantity">Number of sets</label><input id="quantity" name="quantity" type="number" min="1" max="99" value="1" style="max-width:6rem">
<p><button class="btn" type="submit" style="margin-top:1rem">Add set to cart</button></p>
<p id="added" role="status" aria-live="polite"></p></form>`;
  return layout(
    ctx,
    {
      title: `${campaign.name} | ${store.title || store.name}`,
      description,
      path,
      image: shown[0]?.url ?? null,
      type: 'product',
      jsonLd,
    },
    html`<div class="product"><section aria-label="Products in this set" class="gallery">
${shown.length > 0 ? html`<ul class="grid" style="grid-template-columns:repeat(auto-fill,minmax(9rem,1fr))">${shown.map((img) => html`<li><img src="${img.url}" alt="${img.alt}" width="400" height="400"></li>`)}</ul>` : html`<p class="muted">No pictures of this set yet.</p>`}
</section>
<section aria-labelledby="product-title"><h1 id="product-title">${campaign.name}</h1>
<p class="muted">A set of ${choices.length} products sold together: ${names.join(' + ')}.</p>
${
  bundle !== null
    ? html`<p><span class="price" id="price">${money(bundle)}</span> for the set${saving > 0 ? html`<span class="compare"><span class="visually-hidden">Bought separately </span>${money(separate)}</span>` : ''}</p>
${saving > 0 ? html`<p class="notice" id="saving">You save ${money(saving)} against buying these ${choices.length} products separately.</p>` : ''}`
    : ''
}
${form}
${own ? html`<div>${raw(sanitizeRichText(own))}</div>` : html`<p>${description}</p>`}</section></div>
${reviewsSection(ctx, campaign.id, reviews)}
<script type="application/json" id="combo-data">${raw(scriptJson(data))}</script>`,
  );
}
