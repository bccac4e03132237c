import { z } from 'zod';
import { CampaignType, EntityStatus } from '../enums/catalog.js';
import { Niche } from '../enums/niches.js';
import {
  CAMPAIGN_LIST_PER_PAGE,
  CAMPAIGN_ORDER_FIELDS,
  CAMPAIGN_PRODUCT_TYPES,
  DEFAULT_CAMPAIGN_LIST_PRODUCT_TYPE,
  DEFAULT_CAMPAIGN_ORDER_BY,
} from './constants.js';
import { orderByParam } from './orderBy.js';
import { checkTimeFilter, timeFilterFields } from './timeFilter.js';

const productTypes = new Set<string>(CAMPAIGN_PRODUCT_TYPES);

/** Comma-separated product types, each one of {@link CAMPAIGN_PRODUCT_TYPES}. */
export const ProductTypeListParam = z
  .string()
  .refine(
    (value) => value.split(',').every((part) => productTypes.has(part.trim())),
    `Must list product types among ${CAMPAIGN_PRODUCT_TYPES.join(', ')}, separated by commas`,
  );

/**
 * `GET /seller/campaign` query (spec §3, §7). Numbers arrive as text in a query string and are
 * coerced; an empty `q` means no search.
 */
export const CampaignListQuery = z
  .object({
    q: z.string().trim().max(255).optional(),
    page: z.coerce.number().int().positive().default(1),
    per_page: z.coerce.number().int().positive().max(100).default(CAMPAIGN_LIST_PER_PAGE),
    status: EntityStatus.optional(),
    system_type: CampaignType.optional(),
    niche: Niche.optional(),
    product_type: ProductTypeListParam.default(DEFAULT_CAMPAIGN_LIST_PRODUCT_TYPE),
    ...timeFilterFields,
    order_by: orderByParam(CAMPAIGN_ORDER_FIELDS).default(DEFAULT_CAMPAIGN_ORDER_BY),
  })
  .superRefine(checkTimeFilter);
export type CampaignListQuery = z.infer<typeof CampaignListQuery>;
export type CampaignListQueryInput = z.input<typeof CampaignListQuery>;
