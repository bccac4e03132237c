import { z } from 'zod';
import { CampaignCreateBody } from './Campaign.js';

/** The product type of a reusable campaign (spec §3 product_type campaign_template). */
export const TEMPLATE_PRODUCT_TYPE = 'campaign_template';
const TEMPLATE_NAME_MAX = 255;

/**
 * `POST /seller/campaign/:id/save-as-template`: copies a campaign (products, colours, prices,
 * designs, mockups) into a new template; the name defaults to the campaign's.
 */
export const SaveAsTemplateBody = z.object({
  name: z.string().trim().min(1, 'Template name is required').max(TEMPLATE_NAME_MAX).optional(),
});
export type SaveAsTemplateBody = z.infer<typeof SaveAsTemplateBody>;

/**
 * `POST /seller/campaign/template/:id/use`: a new draft campaign copying the template. The name
 * defaults to the template's; the slug to one no other campaign of the seller has.
 */
export const UseTemplateBody = z.object({
  name: z.string().trim().min(1, 'Campaign name is required').max(TEMPLATE_NAME_MAX).optional(),
  slug: CampaignCreateBody.shape.slug,
});
export type UseTemplateBody = z.infer<typeof UseTemplateBody>;
