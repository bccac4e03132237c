import {
  type Campaign,
  type CampaignType,
  type Colour,
  createPrintSpace,
  formatCurrency,
  Niche,
  type PageId,
  PRINT_TYPE_FULL_3D,
  PRINT_TYPES,
  type PrintSpace,
  PrintSpaceDesign,
  type ProductTemplate,
  pagePath,
  slugify,
} from '@printloom/core';
import { z } from 'zod';

/**
 * The campaign edit form (spec §2 /campaigns/edit/{id?}): rules as data in, data out, so the page
 * only renders them. Prices are typed text until saved; designs live in the editor store.
 */

/**
 * The routes that share the editor, and the campaign type each creates (spec §2, §3). Types
 * with no editor of their own (campaign_express, express_2, mockup) open in the regular one.
 */
const EDIT_PAGES = [
  { page: 'campaign_ai_edit', type: 'ai_mockup', label: 'AI campaign' },
  { page: 'campaign_aop_edit', type: 'aop', label: 'AOP campaign' },
  { page: 'campaign_combo_edit', type: 'combo', label: 'Combo campaign' },
  { page: 'campaign_custom_edit', type: 'custom', label: 'Custom campaign' },
  { page: 'campaign_edit', type: 'regular', label: 'Campaign' },
] as const satisfies ReadonlyArray<{ page: PageId; type: CampaignType; label: string }>;

export interface EditRoute {
  page: (typeof EDIT_PAGES)[number]['page'];
  prefix: string;
  type: CampaignType;
  label: string;
}

export const EDIT_ROUTE_TYPES: readonly EditRoute[] = EDIT_PAGES.map((r) => ({
  ...r,
  prefix: pagePath(r.page),
}));

const REGULAR_EDIT_ROUTE = EDIT_ROUTE_TYPES[EDIT_ROUTE_TYPES.length - 1]!;

export function editRouteOf(pathname: string): EditRoute {
  return (
    EDIT_ROUTE_TYPES.find((r) => pathname === r.prefix || pathname.startsWith(`${r.prefix}/`)) ??
    REGULAR_EDIT_ROUTE
  );
}

/** The editor a campaign of this type opens in. */
export function editRouteOfType(type: CampaignType): EditRoute {
  return EDIT_ROUTE_TYPES.find((r) => r.type === type) ?? REGULAR_EDIT_ROUTE;
}

/** Where a saved campaign is edited: the editor of its type (a combo shows its bundle price). */
export function campaignEditPath(campaign: { id: number; system_type: CampaignType }): string {
  return pagePath(editRouteOfType(campaign.system_type).page, { id: campaign.id });
}

/** Products printed all over (print type 3): the whole product or one of its pieces. */
export function isAllOverPrint(template: ProductTemplate): boolean {
  return (
    template.full_printed === PRINT_TYPES.aop ||
    template.print_spaces.some((space) => space.printType === PRINT_TYPES.aop)
  );
}

/**
 * The products the editor of a type offers: an AOP campaign only all-over-print ones (besides
 * any it already holds, so the seller can still take them out).
 */
export function offeredTemplates(
  type: CampaignType,
  templates: readonly ProductTemplate[],
  chosen: ReadonlySet<number> = new Set(),
): readonly ProductTemplate[] {
  return type === 'aop'
    ? templates.filter((t) => isAllOverPrint(t) || chosen.has(t.id))
    : templates;
}

/** Highest sell price the form accepts. */
export const MAX_PRICE = 10_000;
const SLUG_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

export interface ProductFormValue {
  /** The campaign's product id once saved. */
  id?: number;
  templateId: number;
  /** Sell price as typed. */
  price: string;
  /** Colour names offered. */
  colors: string[];
  /** The colour shown first (mockups, storefront). */
  defaultColor: string;
}

export interface CampaignFormValues {
  name: string;
  slug: string;
  /** The product category buyers find it under; null or left out when none is chosen. */
  niche?: Niche | null;
  products: ProductFormValue[];
  /** A combo's price for the whole set, as typed (dollars); other types leave it out. */
  bundlePrice?: string;
}

export const EMPTY_FORM: CampaignFormValues = { name: '', slug: '', products: [] };

/** Field errors by path: 'name', 'slug', 'products', 'products.{templateId}.price' … */
export type FormErrors = Record<string, string>;

/** A first price to start from: twice the base cost, ending in .99. */
export function defaultPrice(baseCost: number | undefined): string {
  const cost = baseCost ?? 0;
  if (!(cost > 0)) return '19.99';
  return (Math.ceil(cost * 2) - 0.01).toFixed(2);
}

/**
 * What the dearest variant of the offered colours costs to make, in dollars (2XL and 3XL cost
 * more): one sell price covers every size, so it must be at least this. Without variants, the
 * template's base cost.
 */
export function highestBaseCost(template: ProductTemplate, colors?: readonly string[]): number {
  const offered = colors && colors.length > 0 ? new Set(colors) : undefined;
  const costs = template.variants
    .filter((v) => !offered || offered.has(v.color.name))
    .map((v) => v.base_cost);
  return costs.length > 0 ? Math.max(...costs) / 100 : (template.base_cost ?? 0);
}

export function productValueFor(template: ProductTemplate): ProductFormValue {
  const colors = template.options.color;
  return {
    templateId: template.id,
    price: defaultPrice(highestBaseCost(template)),
    colors: [...colors],
    defaultColor: colors[0] ?? '',
  };
}

function priceError(text: string, baseCost: number): string | null {
  const value = text.trim();
  if (value === '') return 'Enter a sell price.';
  if (!/^\d+(\.\d+)?$/.test(value)) return 'Write the price as a number, e.g. 19.99.';
  if (!/^\d+(\.\d{1,2})?$/.test(value)) return 'Use at most 2 decimals.';
  const price = Number(value);
  if (price < baseCost)
    return `The price must be at least the base cost, ${formatCurrency(baseCost, 'USD')}.`;
  if (price >= MAX_PRICE) return `The price must be below ${formatCurrency(MAX_PRICE, 'USD')}.`;
  return null;
}

/**
 * The form's rules, with the templates the products are made from (base costs, colours): the
 * resolver of the editor's react-hook-form form. Name, link name and niche follow the core
 * campaign body (`CampaignCreateBody`: its niche schema, its length and slug rules with messages
 * for a form); prices are checked as typed, against the dearest offered variant. Product issues
 * are at `products.{index}.…`, where the form's fields are.
 */
export function campaignFormSchema(templates: ReadonlyMap<number, ProductTemplate>) {
  return z
    .object({
      name: z
        .string()
        .trim()
        .min(1, 'Campaign name is required.')
        .max(255, 'Keep the name under 255 characters.'),
      slug: z
        .string()
        .trim()
        .refine(
          (slug) => slug === '' || SLUG_PATTERN.test(slug),
          'The link name may hold lowercase letters, digits and single dashes.',
        ),
      niche: Niche.nullable().optional(),
      products: z
        .array(
          z.object({
            id: z.number().int().positive().optional(),
            templateId: z.number().int().positive(),
            price: z.string(),
            colors: z.array(z.string()),
            defaultColor: z.string(),
          }),
        )
        .min(1, 'Choose at least one product.'),
    })
    .superRefine((values, ctx) => {
      values.products.forEach((product, index) => {
        const template = templates.get(product.templateId);
        if (!template) {
          ctx.addIssue({
            code: 'custom',
            path: ['products', index, 'templateId'],
            message: 'This product is no longer in the catalog.',
          });
          return;
        }
        const price = priceError(product.price, highestBaseCost(template, product.colors));
        if (price)
          ctx.addIssue({ code: 'custom', path: ['products', index, 'price'], message: price });
        if (template.options.color.length > 0 && product.colors.length === 0)
          ctx.addIssue({
            code: 'custom',
            path: ['products', index, 'colors'],
            message: 'Offer at least one colour.',
          });
      });
    });
}

/** The form's output: what a valid form holds once checked (names trimmed). */
export type CampaignFormOutput = z.output<ReturnType<typeof campaignFormSchema>>;

/**
 * The error key of a form path, naming a product by its template ('products.{templateId}.price')
 * rather than its place in the list, which changes as products are added and removed.
 */
export function errorKeyOf(path: readonly PropertyKey[], values: CampaignFormValues): string {
  const [first, index, ...rest] = path;
  if (first === 'products' && typeof index === 'number') {
    const templateId = values.products[index]?.templateId;
    if (templateId !== undefined) {
      const field = rest.filter((part) => part !== 'templateId');
      return ['products', templateId, ...field].map(String).join('.');
    }
  }
  return path.map(String).join('.');
}

export function validateCampaignForm(
  values: CampaignFormValues,
  templates: ReadonlyMap<number, ProductTemplate>,
): FormErrors {
  const result = campaignFormSchema(templates).safeParse(values);
  if (result.success) return {};
  const errors: FormErrors = {};
  for (const issue of result.error.issues) {
    errors[errorKeyOf(issue.path, values)] ??= issue.message;
  }
  return errors;
}

/** The print spaces of a template, each with its `{templateId}_{name}` id. */
export function templateSpaces(template: ProductTemplate): PrintSpace[] {
  return template.print_spaces.map((space) => createPrintSpace(template.id, space));
}

/** Every print space of the chosen products, with the print type the quality rule needs. */
export function editorSpaces(
  products: readonly ProductFormValue[],
  templates: ReadonlyMap<number, ProductTemplate>,
): Array<{ space: PrintSpace; printType: number }> {
  return products.flatMap((product) => {
    const template = templates.get(product.templateId);
    if (!template) return [];
    return templateSpaces(template).map((space) => ({ space, printType: template.full_printed }));
  });
}

/** A design as saved in `design_json`: parsed once more, so the text is the same every save. */
export function serializeDesign(design: PrintSpaceDesign): string {
  return JSON.stringify(PrintSpaceDesign.parse(design));
}

/**
 * The designs of a saved campaign, by print space id; the print spaces whose saved design the
 * editor cannot open (no design JSON, as bulk imports save them, or JSON it cannot read), with
 * their file; and the unreadable ones. A kept design stays on the server as it is until the
 * seller designs that print space in the editor.
 */
export function designsOfCampaign(campaign: Campaign): {
  designs: Record<string, PrintSpaceDesign>;
  kept: Record<string, string | null>;
  unreadable: string[];
} {
  const designs: Record<string, PrintSpaceDesign> = {};
  const kept: Record<string, string | null> = {};
  const unreadable: string[] = [];
  for (const product of campaign.products) {
    for (const design of product.designs) {
      const key = `${product.template_id}_${design.print_space}`;
      if (!design.design_json) {
        if (design.file_url) kept[key] = design.file_url;
        continue;
      }
      let parsed: ReturnType<typeof PrintSpaceDesign.safeParse> | null = null;
      try {
        parsed = PrintSpaceDesign.safeParse(JSON.parse(design.design_json));
      } catch {
        parsed = null;
      }
      if (parsed?.success) {
        designs[key] = parsed.data;
      } else {
        unreadable.push(key);
        kept[key] = design.file_url ?? null;
      }
    }
  }
  return { designs, kept, unreadable };
}

/** The form values of a saved campaign. */
export function formOfCampaign(campaign: Campaign): CampaignFormValues {
  return {
    name: campaign.name,
    slug: campaign.slug ?? '',
    niche: campaign.niche ?? null,
    ...(campaign.system_type === 'combo'
      ? {
          bundlePrice:
            campaign.bundle_price !== null && campaign.bundle_price !== undefined
              ? (campaign.bundle_price / 100).toFixed(2)
              : '',
        }
      : {}),
    products: campaign.products.map((product) => ({
      id: product.id,
      templateId: product.template_id,
      price: product.price !== undefined ? Number(product.price).toFixed(2) : '',
      colors: [...product.options.color],
      defaultColor: product.default_option ?? product.options.color[0] ?? '',
    })),
  };
}

/** Products without a design on any print space cannot be launched (spec §5). */
export function productsWithoutDesign(
  products: readonly ProductFormValue[],
  templates: ReadonlyMap<number, ProductTemplate>,
  designs: Readonly<Record<string, PrintSpaceDesign>>,
  kept: Readonly<Record<string, string | null>> = {},
): string[] {
  return products
    .filter((product) => {
      const template = templates.get(product.templateId);
      if (!template) return false;
      return !templateSpaces(template).some(
        (space) => (designs[space.id]?.objects.length ?? 0) > 0 || Boolean(kept[space.id]),
      );
    })
    .map((product) => templates.get(product.templateId)?.name ?? `#${product.templateId}`);
}

/** Colour hex codes of a template by name; a name without one shows as white. */
export function colourOf(template: ProductTemplate | undefined, name: string): Colour {
  return (
    template?.colors.find((c) => c.name === name) ?? { name: name || 'White', hex_code: '#FFFFFF' }
  );
}

/** The colours a template offers, with hex codes, in the order of its option list. */
export function coloursOf(template: ProductTemplate | undefined): Colour[] {
  if (!template) return [];
  return template.options.color.map((name) => colourOf(template, name));
}

/**
 * The storefront path of a campaign product: the campaign's link name and the product's, e.g.
 * '/cat-lovers-tee/classic-t-shirt' (made absolute with the store host, spec §3 Product link).
 */
export function productPath(
  campaign: Pick<Campaign, 'id' | 'slug' | 'name'>,
  product: { name?: string | undefined; id: number },
): string {
  const campaignSlug = campaign.slug || slugify(campaign.name) || `campaign-${campaign.id}`;
  const productSlug = slugify(product.name ?? '') || `product-${product.id}`;
  return `/${campaignSlug}/${productSlug}`;
}

/** A 3D full-print product has its mockup drawn by the 3D scene. */
export function is3dTemplate(template: ProductTemplate): boolean {
  return template.mockup_type === '3d' || template.full_printed === PRINT_TYPE_FULL_3D;
}
