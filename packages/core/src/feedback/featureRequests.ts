import { z } from 'zod';

/**
 * Feature requests (spec §2 /feature-requests, the shell's "Feature request" link): any member
 * of any seller account submits an idea, every seller account votes once per request, anyone
 * comments, and a platform operator moves it through the statuses below. Requests are shared by
 * all sellers (they are about the platform, not a seller's data); votes are counted per seller
 * account, so a team member's vote is their account's vote.
 *
 * The page address `/feature-requests/{prefix?}/{slug}` reads `prefix` as the category and
 * `slug` as the title's slug ending in `-{id}`, so an address stays valid when a title is edited.
 */

export const FEATURE_REQUEST_CATEGORIES = [
  'campaigns',
  'bulk',
  'editor',
  'storefronts',
  'orders',
  'payouts',
  'email-marketing',
  'integrations',
  'other',
] as const;
export const FeatureRequestCategory = z.enum(FEATURE_REQUEST_CATEGORIES);
export type FeatureRequestCategory = z.infer<typeof FeatureRequestCategory>;

export const FEATURE_REQUEST_STATUSES = ['under_review', 'planned', 'done'] as const;
export const FeatureRequestStatus = z.enum(FEATURE_REQUEST_STATUSES);
export type FeatureRequestStatus = z.infer<typeof FeatureRequestStatus>;

export const FEATURE_REQUEST_STATUS_LABELS: Record<FeatureRequestStatus, string> = {
  under_review: 'Under review',
  planned: 'Planned',
  done: 'Done',
};

export const FEATURE_REQUEST_CATEGORY_LABELS: Record<FeatureRequestCategory, string> = {
  campaigns: 'Campaigns',
  bulk: 'Bulk campaigns',
  editor: 'Design editor',
  storefronts: 'Storefronts',
  orders: 'Orders and fulfilment',
  payouts: 'Billing and payouts',
  'email-marketing': 'Email marketing',
  integrations: 'Integrations',
  other: 'Other',
};

export const FEATURE_REQUEST_MESSAGES = {
  titleLength: 'The title needs 5 to 120 characters.',
  bodyLength: 'Describe the request in 10 to 5,000 characters.',
  commentLength: 'A comment needs 1 to 2,000 characters.',
  created: 'Thank you: your request is posted.',
  voted: 'Vote counted.',
  unvoted: 'Vote taken back.',
  commented: 'Comment posted.',
  statusSet: 'Status changed.',
  operatorsOnly: 'Only a platform operator can change the status of a request.',
} as const;

export const FeatureRequestBody = z.object({
  title: z
    .string({ error: FEATURE_REQUEST_MESSAGES.titleLength })
    .trim()
    .min(5, FEATURE_REQUEST_MESSAGES.titleLength)
    .max(120, FEATURE_REQUEST_MESSAGES.titleLength),
  body: z
    .string({ error: FEATURE_REQUEST_MESSAGES.bodyLength })
    .trim()
    .min(10, FEATURE_REQUEST_MESSAGES.bodyLength)
    .max(5000, FEATURE_REQUEST_MESSAGES.bodyLength),
  category: FeatureRequestCategory,
});
export type FeatureRequestBody = z.infer<typeof FeatureRequestBody>;

export const FeatureRequestCommentBody = z.object({
  body: z
    .string({ error: FEATURE_REQUEST_MESSAGES.commentLength })
    .trim()
    .min(1, FEATURE_REQUEST_MESSAGES.commentLength)
    .max(2000, FEATURE_REQUEST_MESSAGES.commentLength),
});

export const FeatureRequestStatusBody = z.object({ status: FeatureRequestStatus });

export const FEATURE_REQUEST_SORTS = ['votes', 'newest', 'comments'] as const;

export const FeatureRequestListQuery = z.object({
  q: z.string().trim().max(120).optional(),
  status: FeatureRequestStatus.optional(),
  category: FeatureRequestCategory.optional(),
  /** Only the requests this seller account voted for. */
  voted: z.enum(['1']).optional(),
  order_by: z.enum(FEATURE_REQUEST_SORTS).default('votes'),
  page: z.coerce.number().int().positive().max(10_000).default(1),
  per_page: z.coerce.number().int().positive().max(100).default(20),
});
export type FeatureRequestListQuery = z.infer<typeof FeatureRequestListQuery>;

export const FeatureRequest = z.object({
  id: z.number().int(),
  title: z.string(),
  body: z.string(),
  category: FeatureRequestCategory,
  /** The address's last part: the title's slug and the id. */
  slug: z.string(),
  status: FeatureRequestStatus,
  votes: z.number().int().nonnegative(),
  comments: z.number().int().nonnegative(),
  /** This seller account voted for it. */
  voted: z.boolean(),
  /** This seller account posted it. */
  mine: z.boolean(),
  author_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type FeatureRequest = z.infer<typeof FeatureRequest>;

export const FeatureRequestComment = z.object({
  id: z.number().int(),
  body: z.string(),
  author_name: z.string(),
  /** Posted by a platform operator (shown with a badge). */
  by_operator: z.boolean(),
  created_at: z.string(),
});
export type FeatureRequestComment = z.infer<typeof FeatureRequestComment>;

export const FeatureRequestDetail = FeatureRequest.extend({
  comment_list: z.array(FeatureRequestComment),
});
export type FeatureRequestDetail = z.infer<typeof FeatureRequestDetail>;

/** The slug part of a request's address: `dark-mode-for-the-editor-42`. */
export function featureRequestSlug(
  title: string,
  id: number,
  slugOf: (s: string) => string,
): string {
  const base = slugOf(title).slice(0, 80);
  return base ? `${base}-${id}` : String(id);
}

/** The request id an address slug ends with, or null. */
export function featureRequestIdOf(slug: string): number | null {
  const match = /(?:^|-)(\d{1,15})$/.exec(slug);
  if (!match?.[1]) return null;
  const id = Number(match[1]);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
