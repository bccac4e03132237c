import { z } from 'zod';

/**
 * A store's content (issue 12): CMS pages (About, Shipping, Returns, …) and its blog (posts
 * with a category, a cover image, draft or published). The HTML written in the editor is
 * sanitized by the server with an allow-list before it is stored.
 */

export const CONTENT_STATUSES = ['draft', 'published'] as const;
export const ContentStatus = z.enum(CONTENT_STATUSES);
export type ContentStatus = z.infer<typeof ContentStatus>;
export const CONTENT_SLUG_MAX = 120;
/** Longest HTML a page or post may hold (before sanitizing). */
export const CONTENT_HTML_MAX = 200_000;

export const CONTENT_MESSAGES = {
  titleRequired: 'The title is required.',
  nameRequired: 'The name is required.',
  slugFormat: `The slug uses lowercase letters, digits and hyphens (at most ${CONTENT_SLUG_MAX}).`,
  pageSlugTaken: 'This store already has a page with this slug.',
  postSlugTaken: 'This blog already has a post with this slug.',
  categorySlugTaken: 'This blog already has a category with this name.',
  foreignCategory: 'This category is not in this store’s blog.',
  pageSaved: 'Page saved.',
  pageDeleted: 'Page deleted.',
  postSaved: 'Post saved.',
  postDeleted: 'Post deleted.',
  categorySaved: 'Category saved.',
  categoryDeleted: 'Category deleted.',
} as const;

const ContentSlug = z
  .string()
  .trim()
  .toLowerCase()
  .regex(/^[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/, CONTENT_MESSAGES.slugFormat)
  .max(CONTENT_SLUG_MAX, CONTENT_MESSAGES.slugFormat);

const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullable()
    .optional()
    .overwrite((value) => (value === '' ? null : value));

const Id = z.number().int().positive();

const StorePageFields = z.object({
  store_id: Id,
  title: z
    .string({ error: CONTENT_MESSAGES.titleRequired })
    .trim()
    .min(1, CONTENT_MESSAGES.titleRequired)
    .max(200),
  slug: ContentSlug.optional(),
  content_html: z.string().max(CONTENT_HTML_MAX),
  status: ContentStatus,
  seo_title: optionalText(200),
  seo_description: optionalText(500),
});
export const StorePageBody = StorePageFields.extend({
  content_html: StorePageFields.shape.content_html.default(''),
  status: ContentStatus.default('draft'),
});
export type StorePageBody = z.input<typeof StorePageBody>;
/** A page's store is fixed once made; a field left out is left as it is. */
export const StorePageUpdateBody = StorePageFields.omit({ store_id: true }).partial();
export type StorePageUpdateBody = z.input<typeof StorePageUpdateBody>;

export const StorePageListQuery = z.object({
  store_id: z.coerce.number().int().positive().optional(),
});

export const StorePage = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  title: z.string(),
  slug: z.string(),
  content_html: z.string(),
  status: ContentStatus,
  seo_title: z.string().nullable(),
  seo_description: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StorePage = z.infer<typeof StorePage>;

export const BlogCategoryBody = z.object({
  name: z
    .string({ error: CONTENT_MESSAGES.nameRequired })
    .trim()
    .min(1, CONTENT_MESSAGES.nameRequired)
    .max(120),
  slug: ContentSlug.optional(),
});
export type BlogCategoryBody = z.input<typeof BlogCategoryBody>;

export const BlogCategory = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  post_count: z.number().int(),
});
export type BlogCategory = z.infer<typeof BlogCategory>;

const BlogPostFields = z.object({
  title: z
    .string({ error: CONTENT_MESSAGES.titleRequired })
    .trim()
    .min(1, CONTENT_MESSAGES.titleRequired)
    .max(200),
  slug: ContentSlug.optional(),
  excerpt: optionalText(1000),
  content_html: z.string().max(CONTENT_HTML_MAX),
  cover_image_url: optionalText(2000).refine(
    (value) =>
      value === null || value === undefined || /^(https?:\/\/|\/(?!\/)|images\/)\S*$/i.test(value),
    { error: 'Images are addressed with https://, http:// or /.' },
  ),
  category_id: Id.nullable().optional(),
  status: ContentStatus,
});
export const BlogPostBody = BlogPostFields.extend({
  content_html: BlogPostFields.shape.content_html.default(''),
  status: ContentStatus.default('draft'),
});
export type BlogPostBody = z.input<typeof BlogPostBody>;
/** A field left out is left as it is. */
export const BlogPostUpdateBody = BlogPostFields.partial();
export type BlogPostUpdateBody = z.input<typeof BlogPostUpdateBody>;

export const BlogPostListQuery = z.object({
  status: ContentStatus.optional(),
  category_id: z.coerce.number().int().positive().optional(),
});

export const BlogPost = z.object({
  id: z.number().int(),
  store_id: z.number().int(),
  category_id: z.number().int().nullable(),
  title: z.string(),
  slug: z.string(),
  excerpt: z.string().nullable(),
  content_html: z.string(),
  cover_image_url: z.string().nullable(),
  status: ContentStatus,
  published_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type BlogPost = z.infer<typeof BlogPost>;
