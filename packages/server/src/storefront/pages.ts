import {
  type BuyerValue,
  campaignUrlName,
  formatCurrency,
  NICHES,
  type Niche,
  nicheLabel,
  PRODUCT_SEARCH_SORTS,
  personalizationSummary,
  REVIEW_TEXT_MAX,
  REVIEW_TITLE_MAX,
  STATE_PROVINCES,
  TIP_OPTIONS,
  toMajor,
  trackingUrl,
} from '@printloom/core';
import { sanitizeRichText } from '../content/sanitizeRichText.js';
import type { BuyerOrder } from '../sql/orders.js';
import type { PublishedReview } from '../sql/productReviews.js';
import type {
  CampaignCard,
  PublicStore,
  StoreCampaign,
  StoreCollection,
  StorePage,
  StorePost,
} from '../sql/storefront.js';
import type { CheckoutPayment } from './checkoutPayment.js';
import { esc, html, type Raw, raw, scriptJson } from './html.js';
import { type SellableOptions, sellableOptions } from './options.js';
import type { ProductPersonalization } from './personalization.js';
import { PERSONALIZATION_CSS, personalizationForm } from './personalizationForm.js';
import { STOREFRONT_SCRIPT_URL } from './script.js';

/** Where a page is served: `prefix` is `/s/{slug}` on the dashboard host, '' on the store's own. */
export interface PageContext {
  store: PublicStore;
  prefix: string;
  /** The store's public address (its base_url), for canonical and Open Graph links. */
  origin: string;
  pages: { id: number; title: string; slug: string }[];
  collections: StoreCollection[];
}

const money = (store: PublicStore, major: number) =>
  formatCurrency(major, store.currency, store.locale);

const CSS = `*{box-sizing:border-box}body{margin:0;font:16px/1.5 system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#1d2125;background:#fff}
a{color:#0b57d0}header,footer{padding:1rem 1.25rem;border-bottom:1px solid #dee2e6}footer{border-top:1px solid #dee2e6;border-bottom:0;margin-top:3rem;font-size:.9rem}
.bar{display:flex;gap:1rem;align-items:center;flex-wrap:wrap;max-width:72rem;margin:0 auto}.brand{font-weight:700;font-size:1.25rem;color:#1d2125;text-decoration:none;margin-right:auto}
nav ul{list-style:none;display:flex;gap:1rem;margin:0;padding:0;flex-wrap:wrap}main{max-width:72rem;margin:0 auto;padding:1.25rem}
.grid{display:grid;grid-template-columns:repeat(auto-fill,minmax(13rem,1fr));gap:1.25rem;list-style:none;padding:0}
.card a{text-decoration:none;color:inherit}.card img,.gallery img{width:100%;aspect-ratio:1;object-fit:cover;background:#f1f3f5;border-radius:.5rem}
.price{font-weight:700}.compare{text-decoration:line-through;color:#5c636a;margin-left:.5rem;font-weight:400}
.product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:2rem}@media(max-width:48rem){.product{grid-template-columns:1fr}}
.thumbs{display:flex;gap:.5rem;flex-wrap:wrap;list-style:none;padding:0}.thumbs button{padding:0;border:2px solid transparent;background:none;border-radius:.4rem}.thumbs button[aria-pressed=true]{border-color:#1d2125}.thumbs img{width:4rem;height:4rem;object-fit:cover;border-radius:.3rem}
fieldset{border:0;padding:0;margin:0 0 1rem}legend,label{font-weight:600;display:block;margin-bottom:.25rem}
input,select,textarea{font:inherit;padding:.5rem .6rem;border:1px solid #6c757d;border-radius:.375rem;width:100%;max-width:28rem}
.swatches{display:flex;gap:.5rem;flex-wrap:wrap}.swatches label{font-weight:400;display:flex;gap:.35rem;align-items:center;border:1px solid #adb5bd;border-radius:2rem;padding:.25rem .75rem}.swatches input{width:auto}
.btn{display:inline-block;font:inherit;font-weight:600;padding:.65rem 1.4rem;border-radius:.375rem;border:0;background:var(--primary);color:var(--on-primary);cursor:pointer;text-decoration:none}
.btn.secondary{background:#e9ecef;color:#1d2125}.row{display:grid;grid-template-columns:1fr 1fr;gap:1rem}.row>*{min-width:0}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #dee2e6}
.notice{padding:.75rem 1rem;border-radius:.375rem;background:#e7f1ff}.error{background:#fde8e8;color:#842029}.muted{color:#5c636a}
.visually-hidden{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.pager{display:flex;gap:1rem;margin-top:1rem}.with-side{display:grid;grid-template-columns:12rem minmax(0,1fr);gap:2rem}@media(max-width:48rem){.with-side{grid-template-columns:1fr}}.side ul{list-style:none;padding:0;margin:0}.side li{margin-bottom:.5rem}
.chips{display:flex;gap:.5rem;flex-wrap:wrap;list-style:none;padding:0}.chips a{display:inline-block;border:1px solid #adb5bd;border-radius:2rem;padding:.2rem .75rem;text-decoration:none}.chips a[aria-current]{background:#1d2125;color:#fff;border-color:#1d2125}
.post-cover{width:100%;max-height:28rem;object-fit:cover;border-radius:.5rem}.posts{list-style:none;padding:0}.posts li{border-bottom:1px solid #dee2e6;padding:1rem 0}.reviews{margin-top:2.5rem}.review-list{list-style:none;padding:0}.review-list li{border-bottom:1px solid #dee2e6;padding:.5rem 0}.review-text{white-space:pre-line}blockquote{margin:.5rem 0 0 1rem;color:#41464b}summary{cursor:pointer;font-weight:600}${PERSONALIZATION_CSS}`;

/** White or near-black text on the store colour, whichever reads better (WCAG contrast). */
function onColor(hex: string): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m?.[1]) return '#fff';
  const n = Number.parseInt(m[1], 16);
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * lin((n >> 16) & 255) + 0.7152 * lin((n >> 8) & 255) + 0.0722 * lin(n & 255);
  return 1.05 / (l + 0.05) >= (l + 0.05) / 0.05 ? '#fff' : '#1d2125';
}

/**
 * Where a menu link goes. A link item's address: absolute http(s), mailto: and tel: addresses
 * and in-page anchors as written; a relative one (`/blog`, `pages/about`) under the store's
 * prefix, so it stays in the store on `/s/{slug}/` as on the store's own host; any other scheme
 * (`javascript:`, `data:`) is dropped.
 */
export function menuHref(
  ctx: Pick<PageContext, 'prefix' | 'pages' | 'collections'>,
  item: NonNullable<PublicStore['menus']['header']>[number],
): string | null {
  if (item.kind === 'url') {
    const url = (item.url ?? '').trim();
    if (!url) return null;
    if (/^(https?:\/\/|\/\/|mailto:|tel:|#)/i.test(url)) return url;
    if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
    if (ctx.prefix && (url === ctx.prefix || url.startsWith(`${ctx.prefix}/`))) return url;
    return `${ctx.prefix}${url.startsWith('/') ? '' : '/'}${url}`;
  }
  if (item.kind === 'page') {
    const page = ctx.pages.find((p) => p.id === item.target_id);
    return page ? `${ctx.prefix}/pages/${page.slug}` : null;
  }
  const collection = ctx.collections.find((c) => c.id === item.target_id);
  return collection ? `${ctx.prefix}/collections/${collection.slug}` : null;
}

function menuItems(ctx: PageContext, position: 'header' | 'footer' | 'side_column') {
  return (ctx.store.menus[position] ?? [])
    .map((item) => ({ label: item.label, href: menuHref(ctx, item) }))
    .filter((item): item is { label: string; href: string } => item.href !== null);
}

function menu(ctx: PageContext, position: 'header' | 'footer', label: string): Raw {
  const configured = menuItems(ctx, position);
  const items =
    configured.length > 0
      ? configured
      : position === 'header'
        ? ctx.collections.slice(0, 5).map((c) => ({
            label: c.name,
            href: `${ctx.prefix}/collections/${c.slug}`,
          }))
        : ctx.pages.map((p) => ({ label: p.title, href: `${ctx.prefix}/pages/${p.slug}` }));
  const fixed =
    position === 'header'
      ? [
          { label: 'Search', href: `${ctx.prefix}/search` },
          { label: 'Cart', href: `${ctx.prefix}/cart` },
        ]
      : [{ label: 'Order status', href: `${ctx.prefix}/order-status` }];
  return html`<nav aria-label="${label}"><ul>${[...items, ...fixed].map(
    (item) =>
      html`<li><a href="${item.href}"${item.label === 'Cart' ? raw(' data-cart-link') : ''}>${item.label}</a></li>`,
  )}</ul></nav>`;
}

/** The store's side column menu (an aside on listing and blog pages); nothing when empty. */
function sideColumn(ctx: PageContext): Raw | null {
  const items = menuItems(ctx, 'side_column');
  if (items.length === 0) return null;
  return html`<aside class="side"><nav aria-label="Side"><ul>${items.map(
    (item) => html`<li><a href="${item.href}">${item.label}</a></li>`,
  )}</ul></nav></aside>`;
}

export interface Head {
  title: string;
  description: string;
  /** Path under the store, for the canonical link; none: not indexed (cart, checkout). */
  path?: string;
  image?: string | null;
  type?: string;
  jsonLd?: unknown;
  /** Show the store's side column menu beside the page (listing and blog pages). */
  side?: boolean;
}

/**
 * The header's colours and logo. The header bar takes the store's background colour when it has
 * one; on a dark one (white text reads better, by the same contrast rule as the buttons) it
 * shows the logo for dark backgrounds (`logo_dark`, else `logo_bright`) and white links.
 */
function headerTheme(store: PublicStore): { css: string; logo: string | null } {
  const bg = store.background_color;
  if (!bg || !/^#[0-9a-f]{6}$/i.test(bg)) return { css: '', logo: store.logo_bright };
  const on = onColor(bg);
  const dark = on === '#fff';
  return {
    css: `header{background:${bg};color:${on}}header a,header .brand{color:${on}}`,
    logo: dark ? (store.logo_dark ?? store.logo_bright) : store.logo_bright,
  };
}

/**
 * A store without a favicon shows a square of its colour, drawn inline: otherwise the browser
 * asks for /favicon.ico, which no store has (a 404 in every buyer's console).
 */
function defaultFavicon(color: string): string {
  const fill = /^#[0-9a-f]{3,8}$/i.test(color) ? color : '#1d2125';
  return `data:image/svg+xml,${encodeURIComponent(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 16 16"><rect width="16" height="16" rx="3" fill="${fill}"/></svg>`)}`;
}

export function layout(ctx: PageContext, head: Head, body: Raw): string {
  const store = ctx.store;
  const primary = store.primary_color ?? '#1d2125';
  const canonical = head.path !== undefined ? `${ctx.origin}${head.path}` : null;
  const image = head.image ? absolute(ctx, head.image) : null;
  const brand = store.title || store.name;
  const theme = headerTheme(store);
  const side = head.side ? sideColumn(ctx) : null;
  return `<!doctype html>${
    html`<html lang="${store.locale.split('-')[0] ?? 'en'}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width,initial-scale=1">
<title>${head.title}</title><meta name="description" content="${head.description}">
${canonical ? html`<link rel="canonical" href="${canonical}">` : raw('<meta name="robots" content="noindex">')}
<meta property="og:site_name" content="${brand}"><meta property="og:title" content="${head.title}">
<meta property="og:description" content="${head.description}"><meta property="og:type" content="${head.type ?? 'website'}">
${canonical ? html`<meta property="og:url" content="${canonical}">` : ''}${image ? html`<meta property="og:image" content="${image}"><meta name="twitter:card" content="summary_large_image">` : ''}
<link rel="icon" href="${store.favicon || defaultFavicon(primary)}">
<style>:root{--primary:${primary};--on-primary:${onColor(primary)}}${raw(CSS)}${raw(theme.css)}</style>
${head.jsonLd ? raw(`<script type="application/ld+json">${scriptJson(head.jsonLd)}</script>`) : ''}
</head><body data-store="${store.slug}" data-prefix="${ctx.prefix}" data-currency="${store.currency}" data-locale="${store.locale}">
<a class="visually-hidden" href="#main">Skip to content</a>
<header><div class="bar"><a class="brand" href="${ctx.prefix}/">${
      theme.logo
        ? html`<img src="${theme.logo}" alt="${store.logo_alt || brand}" height="40">`
        : brand
    }</a>${menu(ctx, 'header', 'Main')}</div></header>
<main id="main">${side ? html`<div class="with-side">${side}<div>${body}</div></div>` : body}</main>
<footer><div class="bar"><span class="muted">© ${brand}</span>${menu(ctx, 'footer', 'Footer')}${
      store.contact_email
        ? html`<a href="mailto:${store.contact_email}">${store.contact_email}</a>`
        : ''
    }</div></footer>
<script src="${STOREFRONT_SCRIPT_URL}" defer></script></body></html>`.__html
  }`;
}

export function absolute(ctx: PageContext, url: string): string {
  return /^https?:\/\//.test(url) ? url : `${ctx.origin}${url.startsWith('/') ? '' : '/'}${url}`;
}

function cards(ctx: PageContext, rows: CampaignCard[]): Raw {
  if (rows.length === 0) return html`<p class="muted">No products here yet.</p>`;
  return html`<ul class="grid">${rows.map(
    (c) => html`<li class="card"><a href="${ctx.prefix}/products/${campaignUrlName(c)}">
${c.thumb_url ? html`<img src="${c.thumb_url}" alt="${c.name}" loading="lazy" width="400" height="400">` : ''}
<h3>${c.name}</h3><p class="price">${money(ctx.store, c.price)}</p></a></li>`,
  )}</ul>`;
}

export function homePage(
  ctx: PageContext,
  featured: { collection: StoreCollection; rows: CampaignCard[] }[],
  latest: CampaignCard[],
): string {
  const store = ctx.store;
  const brand = store.title || store.name;
  return layout(
    ctx,
    {
      title: brand,
      description: `Shop ${brand}: original designs printed on demand.`,
      path: '/',
      image: latest[0]?.thumb_url ?? null,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'WebSite',
        name: brand,
        url: `${ctx.origin}/`,
        potentialAction: {
          '@type': 'SearchAction',
          target: `${ctx.origin}/search?q={q}`,
          'query-input': 'required name=q',
        },
      },
    },
    html`<h1>${brand}</h1>${featured.map(
      (f) => html`<section aria-labelledby="c${f.collection.id}"><h2 id="c${f.collection.id}">
<a href="${ctx.prefix}/collections/${f.collection.slug}">${f.collection.name}</a></h2>${cards(ctx, f.rows)}</section>`,
    )}<section aria-labelledby="latest"><h2 id="latest">New arrivals</h2>${cards(ctx, latest)}
<p><a href="${ctx.prefix}/search?sort=newest">See everything</a></p></section>`,
  );
}

export function listingPage(
  ctx: PageContext,
  opts: {
    title: string;
    description: string;
    path: string;
    heading: string;
    intro?: string | null;
    q?: string | undefined;
    sort: string;
    page: number;
    perPage: number;
    total: number;
    /** `total` was counted only as far as the page needs: more than `total - 1` match. */
    totalIsCapped?: boolean;
    rows: CampaignCard[];
    searchForm: boolean;
    /** The niche the listing is filtered by, and the niches the buyer may filter by. */
    niche?: Niche | undefined;
    niches?: { niche: string; count: number }[];
  },
): string {
  const last = Math.max(1, Math.ceil(opts.total / opts.perPage));
  const link = (page: number, niche: string | undefined = opts.niche) => {
    const params = new URLSearchParams();
    if (opts.q) params.set('q', opts.q);
    if (opts.sort !== 'relevant') params.set('sort', opts.sort);
    if (niche) params.set('niche', niche);
    if (page > 1) params.set('page', String(page));
    const query = params.toString();
    return `${ctx.prefix}${opts.path}${query ? `?${query}` : ''}`;
  };
  const niches = (opts.niches ?? []).filter((n): n is { niche: Niche; count: number } =>
    (NICHES as readonly string[]).includes(n.niche),
  );
  const chips =
    niches.length > 0
      ? html`<nav aria-label="Product categories"><ul class="chips"><li><a href="${link(1, '')}"${opts.niche ? '' : raw(' aria-current="page"')}>All categories</a></li>${niches.map(
          (n) =>
            html`<li><a href="${link(1, n.niche)}"${n.niche === opts.niche ? raw(' aria-current="page"') : ''}>${nicheLabel(n.niche)} <span class="muted">(${n.count})</span></a></li>`,
        )}</ul></nav>`
      : '';
  const nicheName = opts.niche ? nicheLabel(opts.niche) : null;
  // The canonical address keeps what names the listing (niche, page), not the search or sort.
  const canonicalQuery = new URLSearchParams();
  if (opts.niche) canonicalQuery.set('niche', opts.niche);
  if (opts.page > 1) canonicalQuery.set('page', String(opts.page));
  const canonicalPath = `${opts.path}${canonicalQuery.size > 0 ? `?${canonicalQuery}` : ''}`;
  return layout(
    ctx,
    {
      title: opts.title,
      description: opts.description,
      path: canonicalPath,
      image: opts.rows[0]?.thumb_url ?? null,
      side: true,
    },
    html`<h1>${opts.heading}${nicheName ? html`: ${nicheName}` : ''}</h1>${opts.intro ? html`<p>${opts.intro}</p>` : ''}${chips}
<form method="get" action="${ctx.prefix}${opts.path}" role="search" class="row">${opts.niche ? html`<input type="hidden" name="niche" value="${opts.niche}">` : ''}
${opts.searchForm ? html`<div><label for="q">Search products</label><input id="q" name="q" type="search" value="${opts.q ?? ''}"></div>` : ''}
<div><label for="sort">Sort by</label><select id="sort" name="sort">${PRODUCT_SEARCH_SORTS.map(
      (s) =>
        html`<option value="${s}"${s === opts.sort ? raw(' selected') : ''}>${SORT_LABELS[s]}</option>`,
    )}</select></div><div><button class="btn" type="submit">Show</button></div></form>
<p class="muted" role="status">${
      opts.totalIsCapped
        ? `More than ${(opts.total - 1).toLocaleString('en-US')} products`
        : `${opts.total.toLocaleString('en-US')} ${opts.total === 1 ? 'product' : 'products'}`
    }</p>
${cards(ctx, opts.rows)}
<nav class="pager" aria-label="Pages">${opts.page > 1 ? html`<a href="${link(opts.page - 1)}" rel="prev">Previous</a>` : ''}${
      opts.page < last ? html`<a href="${link(opts.page + 1)}" rel="next">Next</a>` : ''
    }</nav>`,
  );
}

const SORT_LABELS: Record<(typeof PRODUCT_SEARCH_SORTS)[number], string> = {
  relevant: 'Most relevant',
  newest: 'Newest',
  oldest: 'Oldest',
  highest_price: 'Price: high to low',
  lowest_price: 'Price: low to high',
  popular: 'Most popular',
  featured: 'Featured',
  a_z: 'Name: A to Z',
  z_a: 'Name: Z to A',
};

/** The product options a buyer picks from (the script reads them from the page). */
export interface ProductChoice {
  id: number;
  name: string;
  price: number;
  /** Sizes sold at a price of their own (major units); the script shows the picked size's. */
  size_prices: Record<string, number>;
  colors: string[];
  sizes: string[];
  images: { url: string; alt: string }[];
}

/** What a choice sells at in its first size, the one the page opens on. */
const openingPrice = (c: ProductChoice) => c.size_prices[c.sizes[0] ?? ''] ?? c.price;

const pick = ({ colors, sizes }: SellableOptions) => ({ colors, sizes });

export function productChoices(campaign: StoreCampaign): ProductChoice[] {
  return campaign.products.map((p) => ({
    id: p.id,
    name: p.name,
    price: p.price,
    size_prices: p.size_prices,
    ...pick(sellableOptions(p)),
    images: campaign.mockups
      .filter((m) => m.product_id === p.id)
      .map((m) => ({ url: m.file_url, alt: `${campaign.name} – ${p.name}, ${m.print_space}` })),
  }));
}

/** A campaign's published reviews as the product page shows them. */
export interface ReviewSummary {
  rows: PublishedReview[];
  count: number;
  average: number;
}

const stars = (rating: number) => '★'.repeat(rating) + '☆'.repeat(5 - rating);

export function reviewsSection(ctx: PageContext, campaignId: number, reviews: ReviewSummary): Raw {
  const average = averageText(reviews.average);
  return html`<section aria-labelledby="reviews-title" class="reviews"><h2 id="reviews-title">Reviews</h2>
${
  reviews.count > 0
    ? html`<p><span aria-hidden="true">${stars(Math.round(reviews.average))}</span> <strong>${average} out of 5</strong> · ${reviews.count} ${reviews.count === 1 ? 'review' : 'reviews'}</p>
<ul class="review-list">${reviews.rows.map(
        (
          r,
        ) => html`<li><p><span aria-label="${r.rating} out of 5 stars">${stars(r.rating)}</span> <strong>${r.title}</strong></p>
<p class="review-text">${r.body}</p><p class="muted">${r.author_name} · ${r.created_at.toISOString().slice(0, 10)}</p>
${r.reply ? html`<blockquote><strong>Reply from the shop:</strong> ${r.reply}</blockquote>` : ''}</li>`,
      )}</ul>`
    : html`<p class="muted">No reviews yet.</p>`
}
<details><summary>Write a review</summary>
<form id="review-form" data-campaign="${campaignId}" data-store="${ctx.store.slug}" novalidate>
<p class="muted">Reviews come from buyers: enter the number and email of your order.</p>
<div class="row"><div><label for="review-order">Order number</label><input id="review-order" name="order_number" required maxlength="40" autocomplete="off"></div>
<div><label for="review-email">Email</label><input id="review-email" name="email" type="email" required maxlength="254" autocomplete="email"></div></div>
<fieldset><legend>Rating</legend><div class="swatches">${[5, 4, 3, 2, 1].map(
    (n) =>
      html`<label><input type="radio" name="rating" value="${n}"${n === 5 ? raw(' checked') : ''}> ${n} ${n === 1 ? 'star' : 'stars'}</label>`,
  )}</div></fieldset>
<label for="review-title">Title</label><input id="review-title" name="title" required maxlength="${REVIEW_TITLE_MAX}">
<label for="review-text" style="margin-top:1rem">Your review</label><textarea id="review-text" name="text" required maxlength="${REVIEW_TEXT_MAX}" rows="4"></textarea>
<p><button class="btn" type="submit" style="margin-top:1rem">Send review</button></p>
<p id="review-message" role="status" aria-live="polite"></p></form></details></section>`;
}

const averageText = (average: number) => (Math.round(average * 10) / 10).toFixed(1);

export function productPage(
  ctx: PageContext,
  campaign: StoreCampaign,
  comparePriceRate: number,
  selectedProductId: number | undefined,
  reviews: ReviewSummary = { rows: [], count: 0, average: 0 },
  personal: ProductPersonalization | null = null,
): string {
  const store = ctx.store;
  const choices = productChoices(campaign);
  const first = choices.find((c) => c.id === selectedProductId) ?? choices[0];
  const path = `/products/${campaignUrlName(campaign)}`;
  const images = first?.images.length
    ? first.images
    : campaign.thumb_url
      ? [{ url: campaign.thumb_url, alt: campaign.name }]
      : [];
  const own = campaign.products.find((p) => p.description)?.description ?? null;
  // Template descriptions may be HTML: sanitized on the way out, as text in meta tags.
  const descriptionHtml = own ? sanitizeRichText(own) : null;
  const text = own
    ? own
        .replace(/<[^>]*>/g, ' ')
        .replace(/&[a-z#0-9]+;/gi, ' ')
        .replace(/\s+/g, ' ')
        .trim()
    : '';
  const description = text
    ? text.slice(0, 300)
    : `${campaign.name}, printed on demand by ${store.title || store.name}.`;
  const compare = first && comparePriceRate > 1 ? openingPrice(first) * comparePriceRate : null;
  const url = `${ctx.origin}${path}`;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: campaign.name,
    description,
    url,
    sku: String(campaign.id),
    image: images.map((i) => absolute(ctx, i.url)),
    brand: { '@type': 'Brand', name: store.title || store.name },
    offers: choices.map((c) => ({
      '@type': 'Offer',
      name: c.name,
      sku: `${campaign.id}-${c.id}`,
      price: openingPrice(c).toFixed(2),
      priceCurrency: store.currency,
      availability: 'https://schema.org/InStock',
      url: `${url}?product=${c.id}`,
    })),
    ...(reviews.count > 0
      ? {
          aggregateRating: {
            '@type': 'AggregateRating',
            ratingValue: averageText(reviews.average),
            reviewCount: reviews.count,
            bestRating: 5,
            worstRating: 1,
          },
          review: reviews.rows.slice(0, 5).map((r) => ({
            '@type': 'Review',
            name: r.title,
            reviewBody: r.body,
            datePublished: r.created_at.toISOString().slice(0, 10),
            author: { '@type': 'Person', name: r.author_name },
            reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5 },
          })),
        }
      : {}),
  };
  return layout(
    ctx,
    {
      title: `${campaign.name} | ${store.title || store.name}`,
      description,
      path,
      image: images[0]?.url ?? null,
      type: 'product',
      jsonLd,
    },
    html`<div class="product"><section aria-label="Product images" class="gallery">
${images[0] ? html`<img id="main-image" src="${images[0].url}" alt="${images[0].alt}" width="800" height="800" fetchpriority="high">` : html`<p class="muted">No pictures of this product yet.</p>`}
<ul class="thumbs" id="thumbs">${images.map(
      (img, i) =>
        html`<li><button type="button" aria-pressed="${i === 0 ? 'true' : 'false'}" data-src="${img.url}" data-alt="${img.alt}"><img src="${img.url}" alt="" width="64" height="64"><span class="visually-hidden">Show ${img.alt}</span></button></li>`,
    )}</ul></section>
<section aria-labelledby="product-title"><h1 id="product-title">${campaign.name}</h1>
<p><span class="price" id="price">${first ? money(store, openingPrice(first)) : ''}</span>${compare ? html`<span class="compare" id="compare"><span class="visually-hidden">Was </span>${money(store, compare)}</span>` : ''}</p>
<form id="product-form" data-campaign="${campaign.id}" data-name="${campaign.name}" data-url="${ctx.prefix}${path}" data-compare-rate="${comparePriceRate}">
${choices.length > 1 ? html`<label for="product">Product</label><select id="product" name="product">${choices.map((c) => html`<option value="${c.id}"${c.id === first?.id ? raw(' selected') : ''}>${c.name}</option>`)}</select>` : html`<input type="hidden" id="product" name="product" value="${first?.id ?? ''}">`}
<fieldset id="colors"><legend>Colour</legend><div class="swatches">${(first?.colors ?? []).map(
      (color, i) =>
        html`<label><input type="radio" name="color" value="${color}"${i === 0 ? raw(' checked') : ''}> ${color}</label>`,
    )}</div></fieldset>
<label for="size">Size</label><select id="size" name="size">${(first?.sizes ?? []).map((s) => html`<option>${s}</option>`)}</select>
${personal ? personalizationForm(personal) : ''}
<label for="quantity" style="margin-top:1rem">Quantity</label><input id="quantity" name="quantity" type="number" min="1" max="99" value="1" style="max-width:6rem">
<p><button class="btn" type="submit" style="margin-top:1rem">Add to cart</button></p>
<p id="added" role="status" aria-live="polite"></p></form>
${descriptionHtml ? html`<div>${raw(descriptionHtml)}</div>` : html`<p>${description}</p>`}</section></div>
${reviewsSection(ctx, campaign.id, reviews)}
<script type="application/json" id="product-data">${raw(scriptJson(choices))}</script>`,
  );
}

export function cmsPage(ctx: PageContext, page: StorePage): string {
  return layout(
    ctx,
    {
      title: page.seo_title || `${page.title} | ${ctx.store.title || ctx.store.name}`,
      description: page.seo_description || page.title,
      path: `/pages/${page.slug}`,
    },
    // content_html is sanitized by the server before it is stored (migration 020).
    html`<article><h1>${page.title}</h1>${raw(page.content_html)}</article>`,
  );
}

/** A post date as the store's buyers read it (the store's locale; the date of publication in UTC). */
function postDate(ctx: PageContext, at: Date): Raw {
  let text: string;
  try {
    text = new Intl.DateTimeFormat(ctx.store.locale, { dateStyle: 'long', timeZone: 'UTC' }).format(
      at,
    );
  } catch {
    text = at.toISOString().slice(0, 10);
  }
  return html`<time datetime="${at.toISOString()}">${text}</time>`;
}

/** An image address a post may show: http(s), or a path on this server. */
const imageUrl = (url: string | null) =>
  url && /^(https?:\/\/|\/(?!\/))/i.test(url.trim()) ? url.trim() : null;

/** Plain text of a post for descriptions: its excerpt, else the start of its text. */
function postSummary(post: StorePost): string {
  const text = (post.excerpt?.trim() || post.content_html)
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/gi, ' ')
    .replace(/&[a-z#0-9]+;/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return text.length > 200 ? `${text.slice(0, 197).trimEnd()}…` : text;
}

export function blogPage(
  ctx: PageContext,
  opts: {
    posts: StorePost[];
    total: number;
    page: number;
    perPage: number;
    categories: { name: string; slug: string; count: number }[];
    category: { name: string; slug: string } | null;
  },
): string {
  const brand = ctx.store.title || ctx.store.name;
  const last = Math.max(1, Math.ceil(opts.total / opts.perPage));
  const query = (page: number, category: string | null = opts.category?.slug ?? null) => {
    const params = new URLSearchParams();
    if (category) params.set('category', category);
    if (page > 1) params.set('page', String(page));
    return params.size > 0 ? `/blog?${params}` : '/blog';
  };
  const heading = opts.category ? `Blog: ${opts.category.name}` : 'Blog';
  return layout(
    ctx,
    {
      title: `${heading} | ${brand}`,
      description: opts.category
        ? `Posts about ${opts.category.name} from ${brand}.`
        : `News and stories from ${brand}.`,
      path: query(opts.page),
      image: imageUrl(opts.posts[0]?.cover_image_url ?? null),
      side: true,
    },
    html`<h1>${heading}</h1>${
      opts.categories.length > 0
        ? html`<nav aria-label="Blog categories"><ul class="chips"><li><a href="${ctx.prefix}${query(1, null)}"${opts.category ? '' : raw(' aria-current="page"')}>All posts</a></li>${opts.categories.map(
            (c) =>
              html`<li><a href="${ctx.prefix}${query(1, c.slug)}"${c.slug === opts.category?.slug ? raw(' aria-current="page"') : ''}>${c.name} <span class="muted">(${c.count})</span></a></li>`,
          )}</ul></nav>`
        : ''
    }${
      opts.posts.length === 0
        ? html`<p class="muted">No posts here yet.</p>`
        : html`<ul class="posts">${opts.posts.map((post) => {
            const cover = imageUrl(post.cover_image_url);
            return html`<li><article><h2><a href="${ctx.prefix}/blog/${post.slug}">${post.title}</a></h2>
<p class="muted">${postDate(ctx, post.published_at)}${post.category ? html` · <a href="${ctx.prefix}${query(1, post.category.slug)}">${post.category.name}</a>` : ''}</p>
${cover ? html`<img src="${cover}" alt="" loading="lazy" class="post-cover" width="1200" height="630">` : ''}<p>${postSummary(post)}</p></article></li>`;
          })}</ul>`
    }<nav class="pager" aria-label="Pages">${opts.page > 1 ? html`<a href="${ctx.prefix}${query(opts.page - 1)}" rel="prev">Newer posts</a>` : ''}${
      opts.page < last
        ? html`<a href="${ctx.prefix}${query(opts.page + 1)}" rel="next">Older posts</a>`
        : ''
    }</nav>`,
  );
}

export function blogPostPage(ctx: PageContext, post: StorePost): string {
  const brand = ctx.store.title || ctx.store.name;
  const path = `/blog/${post.slug}`;
  const cover = imageUrl(post.cover_image_url);
  const description = postSummary(post) || `${post.title}, from ${brand}.`;
  return layout(
    ctx,
    {
      title: `${post.title} | ${brand}`,
      description,
      path,
      image: cover,
      type: 'article',
      side: true,
      jsonLd: {
        '@context': 'https://schema.org',
        '@type': 'BlogPosting',
        headline: post.title,
        description,
        url: `${ctx.origin}${path}`,
        datePublished: post.published_at.toISOString(),
        dateModified: post.updated_at.toISOString(),
        ...(cover ? { image: [absolute(ctx, cover)] } : {}),
        ...(post.category ? { articleSection: post.category.name } : {}),
        publisher: { '@type': 'Organization', name: brand },
      },
    },
    // Sanitized when saved; again here, as rows may come from elsewhere (the demo seed, imports).
    html`<article><h1>${post.title}</h1>
<p class="muted">${postDate(ctx, post.published_at)}${post.category ? html` · <a href="${ctx.prefix}/blog?category=${encodeURIComponent(post.category.slug)}">${post.category.name}</a>` : ''}</p>
${cover ? html`<img src="${cover}" alt="" class="post-cover" width="1200" height="630">` : ''}
<div>${raw(sanitizeRichText(post.content_html))}</div></article>
<p><a href="${ctx.prefix}/blog">All posts</a></p>`,
  );
}

/** A line of the cart the storefront script keeps in localStorage (price in major units). */
export interface CartLine {
  campaign_id: number;
  product_id: number;
  color: string;
  size: string;
  quantity: number;
  name: string;
  price: number;
  image: string;
  url: string;
  /** A personalised product's values as the buyer sent them, and the lines the cart shows. */
  personalization?: BuyerValue[];
  details?: string[];
  /** A combo's set: one pick per product; the line's price is the bundle price. */
  set?: { product_id: number; name: string; color: string; size: string }[];
}

/** The cart; `restore` (a recovery link's checkout) replaces what the browser holds. */
export function cartPage(ctx: PageContext, restore?: CartLine[]): string {
  return layout(
    ctx,
    { title: `Cart | ${ctx.store.title || ctx.store.name}`, description: 'Your cart' },
    html`<h1>Your cart</h1><div id="cart" aria-live="polite"><p class="muted">Your cart is empty.</p></div>
<p><a class="btn" id="to-checkout" href="${ctx.prefix}/checkout" hidden>Check out</a></p>${
      restore
        ? html`<script type="application/json" id="restore-data">${raw(scriptJson(restore))}</script>`
        : ''
    }`,
  );
}

export function checkoutPage(
  ctx: PageContext,
  countries: { code: string; name: string }[],
  payment: CheckoutPayment = { method: 'card' },
): string {
  const field = (id: string, label: string, attrs = '') =>
    html`<div><label for="${id}">${label}</label><input id="${id}" name="${id}" ${raw(attrs)}></div>`;
  return layout(
    ctx,
    { title: `Checkout | ${ctx.store.title || ctx.store.name}`, description: 'Checkout' },
    html`<h1>Checkout</h1>${payment.notice ? html`<p class="notice error" role="alert" id="payment-notice">${payment.notice}</p>` : ''}<div id="summary"></div>
<form id="checkout-form" novalidate>
<h2>Contact</h2>${field('email', 'Email', 'type="email" autocomplete="email" required')}
<div><label><input type="checkbox" id="marketing_opt_in" name="marketing_opt_in" value="1"> Email me news and offers</label></div>
<h2>Shipping address</h2>${field('name', 'Full name', 'autocomplete="name" required')}
${field('line1', 'Address', 'autocomplete="address-line1" required')}
${field('line2', 'Apartment, suite (optional)', 'autocomplete="address-line2"')}
<div class="row">${field('city', 'City', 'autocomplete="address-level2" required')}${field('postcode', 'Postcode', 'autocomplete="postal-code"')}</div>
<div class="row"><div><label for="country">Country</label><select id="country" name="country" autocomplete="country">${countries.map(
      (c) =>
        html`<option value="${c.code}"${c.code === 'US' ? raw(' selected') : ''}>${c.name}</option>`,
    )}</select></div><div><label for="state">State / province</label><select id="state" name="state" autocomplete="address-level1"></select><input id="state-text" name="state-text" aria-label="State / province" hidden></div></div>
<fieldset><legend>Tip for the designer</legend><div class="swatches">${TIP_OPTIONS.map(
      (tip) =>
        html`<label><input type="radio" name="tip" value="${tip}"${tip === 'none' ? raw(' checked') : ''}> ${tip === 'none' ? 'No tip' : `${tip}%`}</label>`,
    )}</div></fieldset>
${field('coupon', 'Coupon code (optional)', 'autocomplete="off"')}
<p><button class="btn" type="submit" id="review">Continue to payment</button></p>
<div id="payment" hidden><h2>Payment</h2><div id="totals"></div>
${
  payment.method === 'stripe'
    ? html`<div id="payment-element"></div>
<p><button class="btn" type="button" id="pay" data-gateway="stripe" disabled>Pay</button></p></div>
<script src="https://js.stripe.com/v3/" defer></script>`
    : payment.method === 'paypal'
      ? html`<p class="muted">You approve the payment at PayPal, then come back here for your confirmation.</p>
<p><button class="btn" type="button" id="pay" data-gateway="paypal">Pay with PayPal</button></p></div>`
      : html`${field('card', 'Card number', 'inputmode="numeric" autocomplete="cc-number"')}
<p class="muted">Test cards: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 is declined.</p>
<p><button class="btn" type="button" id="pay">Pay</button></p></div>`
}
<p id="checkout-message" role="alert"></p></form>
<script type="application/json" id="states-data">${raw(scriptJson(STATE_PROVINCES))}</script>`,
  );
}

function orderDetails(store: PublicStore, order: BuyerOrder): Raw {
  const m = (minor: number) => formatCurrencyMinor(store, minor, order.currency);
  return html`<dl><dt>Order number</dt><dd data-testid="order-number">${order.order_number}</dd>
<dt>Status</dt><dd>${order.status.replace(/_/g, ' ')} · payment ${order.payment_status} · ${order.fulfillment_status.replace(/_/g, ' ')}</dd>
<dt>Placed</dt><dd>${order.created_at.toISOString().slice(0, 10)}</dd>
${order.shipments.map((s) => {
  const url = trackingUrl(s.carrier, s.tracking_number);
  return html`<dt>Tracking</dt><dd data-testid="tracking-number">${s.carrier} ${url ? html`<a href="${url}" rel="noopener noreferrer">${s.tracking_number}</a>` : s.tracking_number}</dd>`;
})}</dl>
<table><caption class="visually-hidden">Items</caption><thead><tr><th scope="col">Item</th><th scope="col">Colour</th><th scope="col">Size</th><th scope="col">Qty</th><th scope="col">Price</th></tr></thead><tbody>${order.items.map(
    (i) =>
      html`<tr><td>${i.name}${personalizationSummary(i.personalization ?? []).map((line) => html`<div class="muted">${line}</div>`)}</td><td>${i.color}</td><td>${i.size}</td><td>${i.quantity}</td><td>${m(i.price * i.quantity)}</td></tr>`,
  )}</tbody></table>
<table><caption class="visually-hidden">Totals</caption><tbody>
<tr><th scope="row">Subtotal</th><td>${m(order.subtotal)}</td></tr>
${order.discount ? html`<tr><th scope="row">Discount</th><td>−${m(order.discount)}</td></tr>` : ''}
<tr><th scope="row">Shipping</th><td>${m(order.shipping)}</td></tr>
${order.tip ? html`<tr><th scope="row">Tip</th><td>${m(order.tip)}</td></tr>` : ''}
${order.processing_fee ? html`<tr><th scope="row">Processing fee</th><td>${m(order.processing_fee)}</td></tr>` : ''}
<tr><th scope="row">Total</th><td><strong>${m(order.total)}</strong></td></tr></tbody></table>`;
}

function formatCurrencyMinor(store: PublicStore, minor: number, currency: string) {
  return formatCurrency(toMajor(minor), currency, store.locale);
}

export function thankYouPage(ctx: PageContext, order: BuyerOrder): string {
  return layout(
    ctx,
    {
      title: `Thank you | ${ctx.store.title || ctx.store.name}`,
      description: 'Order confirmation',
    },
    html`<h1>Thank you for your order</h1><p class="notice" role="status" id="order-confirmed">Order ${order.order_number} is confirmed. A confirmation goes to ${order.email}.</p>
${orderDetails(ctx.store, order)}<p><a href="${ctx.prefix}/order-status">Check your order status later</a></p>`,
  );
}

/** Orders a buyer may still ask to cancel (the shop decides; production refuses it). */
const CLOSED_STATUSES = new Set(['cancelled', 'completed', 'refunded', 'archived', 'deleted']);

/** The cancellation request form of the order lookup (posts to /public/orders/cancel-request). */
function cancelForm(order: BuyerOrder) {
  if (CLOSED_STATUSES.has(order.status)) return '';
  return html`<h2>Cancel this order</h2><form id="cancel-form" data-number="${order.order_number}" data-email="${order.email}">
<label for="cancel-reason">Why (optional)</label><textarea id="cancel-reason" name="reason" maxlength="1000" rows="2"></textarea>
<p><button class="btn secondary" type="submit">Ask the shop to cancel</button></p><p id="cancel-message" role="status" aria-live="polite"></p></form>`;
}

export function orderStatusPage(
  ctx: PageContext,
  query: { number?: string | undefined; email?: string | undefined },
  order: BuyerOrder | undefined,
): string {
  const asked = Boolean(query.number && query.email);
  return layout(
    ctx,
    {
      title: `Order status | ${ctx.store.title || ctx.store.name}`,
      description: 'Look up an order',
    },
    html`<h1>Order status</h1><form method="get" action="${ctx.prefix}/order-status" class="row">
<div><label for="number">Order number</label><input id="number" name="number" required value="${query.number ?? ''}"></div>
<div><label for="email">Email</label><input id="email" name="email" type="email" required value="${query.email ?? ''}"></div>
<div><button class="btn" type="submit">Look up</button></div></form>
${asked ? (order ? html`<section aria-label="Your order" style="margin-top:1.5rem">${orderDetails(ctx.store, order)}<h2>Timeline</h2><ol>${order.events.map((e) => html`<li>${e.kind.replace(/_/g, ' ')} – ${e.at.toISOString().slice(0, 16).replace('T', ' ')} UTC</li>`)}</ol>${cancelForm(order)}</section>` : html`<p class="notice error" role="alert">No order matches this number and email.</p>`) : ''}`,
  );
}

export function notFoundPage(ctx: PageContext, what: string): string {
  return layout(
    ctx,
    { title: `Not found | ${ctx.store.title || ctx.store.name}`, description: what },
    html`<h1>Not found</h1><p>${what}</p><p><a href="${ctx.prefix}/">Back to the shop</a></p>`,
  );
}

/** A page for an address that names no open store. */
export function noStorePage(): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Store not found</title><meta name="robots" content="noindex"></head><body><main><h1>Store not found</h1><p>There is no open store at this address.</p></main></body></html>`;
}

export { esc };
