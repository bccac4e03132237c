/**
 * A store's CMS pages and blog (issue 12): `/seller/store-pages` and
 * `/seller/stores/:storeId/blog/{categories,posts}`. The editor's HTML is sanitized with an
 * allow-list before it is stored (content/sanitizeRichText.ts). Every row is the seller's and
 * one store's: another seller's store, page, post or category is 404, one of the seller's
 * stores outside the session's stores 403 (spec §6).
 */
import {
  API,
  type BlogCategory,
  type BlogPost,
  CONTENT_MESSAGES,
  CONTENT_SLUG_MAX,
  type StorePage,
  slugify,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { sanitizeRichText } from '../content/sanitizeRichText.js';
import type { Queryable } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import { conflict, notFound, unprocessable } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import { canUseStore, ownStore, storesInScope } from '../http/storeScope.js';
import {
  type BlogCategoryRow,
  type BlogPostRow,
  contentSlugTaken,
  deleteBlogCategory,
  deleteBlogPost,
  deleteStorePage,
  getBlogCategory,
  getBlogPost,
  getStorePage,
  insertBlogCategory,
  insertBlogPost,
  insertStorePage,
  listBlogCategories,
  listBlogPosts,
  listStorePages,
  type StorePageRow,
  updateBlogCategory,
  updateBlogPost,
  updateStorePage,
} from '../sql/storeContent.js';

type Table = 'store_pages' | 'blog_posts' | 'blog_categories';

const pageView = (row: StorePageRow): StorePage => ({
  id: Number(row.id),
  store_id: Number(row.store_id),
  title: row.title,
  slug: row.slug,
  content_html: row.content_html,
  status: row.status,
  seo_title: row.seo_title,
  seo_description: row.seo_description,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const categoryView = (row: BlogCategoryRow): BlogCategory => ({
  id: Number(row.id),
  store_id: Number(row.store_id),
  name: row.name,
  slug: row.slug,
  post_count: Number(row.post_count),
});

const postView = (row: BlogPostRow): BlogPost => ({
  id: Number(row.id),
  store_id: Number(row.store_id),
  category_id: row.category_id === null ? null : Number(row.category_id),
  title: row.title,
  slug: row.slug,
  excerpt: row.excerpt,
  content_html: row.content_html,
  cover_image_url: row.cover_image_url,
  status: row.status,
  published_at: row.published_at?.toISOString() ?? null,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

/** Sanitizes the HTML of a body, when it has some. */
function withCleanHtml<T extends { content_html?: string | undefined }>(body: T): T {
  return body.content_html === undefined
    ? body
    : { ...body, content_html: sanitizeRichText(body.content_html) };
}

export async function registerStoreContentRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  /** A slug: the one given (refused when taken), else a free one made from the title. */
  const slugFor = async (
    q: Queryable,
    table: Table,
    storeId: number,
    given: string | undefined,
    title: string,
    exceptId: number | null,
    takenMessage: string,
  ): Promise<string> => {
    if (given !== undefined) {
      if (await contentSlugTaken(q, table, storeId, given, exceptId)) throw conflict(takenMessage);
      return given;
    }
    const base = slugify(title, CONTENT_SLUG_MAX - 6) || 'untitled';
    for (let n = 1; ; n += 1) {
      const candidate = n === 1 ? base : `${base}-${n}`;
      if (!(await contentSlugTaken(q, table, storeId, candidate, exceptId))) return candidate;
    }
  };

  const ownPage = async (auth: AuthContext, id: number): Promise<StorePageRow> => {
    const row = await getStorePage(db, auth.sellerId, id);
    if (!row || !canUseStore(auth, Number(row.store_id))) throw notFound();
    return row;
  };
  const readPage = async (auth: AuthContext, id: number) => pageView(await ownPage(auth, id));

  const ownCategory = async (auth: AuthContext, storeId: number, id: number) => {
    const row = await getBlogCategory(db, auth.sellerId, storeId, id);
    if (!row) throw notFound();
    return row;
  };
  const checkCategory = async (
    auth: AuthContext,
    storeId: number,
    id: number | null | undefined,
  ) => {
    if (id === null || id === undefined) return;
    if (!(await getBlogCategory(db, auth.sellerId, storeId, id))) {
      throw unprocessable(CONTENT_MESSAGES.foreignCategory, {
        category_id: [CONTENT_MESSAGES.foreignCategory],
      });
    }
  };
  const ownPost = async (auth: AuthContext, storeId: number, id: number) => {
    const row = await getBlogPost(db, auth.sellerId, storeId, id);
    if (!row) throw notFound();
    return row;
  };

  registerGroup(app, API.storeContent, {
    pages: async ({ auth, query }) => {
      if (query.store_id !== undefined) await ownStore(db, auth, query.store_id);
      const scope = query.store_id !== undefined ? [query.store_id] : storesInScope(auth);
      return { data: (await listStorePages(db, auth.sellerId, scope)).map(pageView) };
    },
    createPage: async ({ auth, body }) => {
      await ownStore(db, auth, body.store_id);
      const slug = await slugFor(
        db,
        'store_pages',
        body.store_id,
        body.slug,
        body.title,
        null,
        CONTENT_MESSAGES.pageSlugTaken,
      );
      const id = await insertStorePage(db, auth.sellerId, { ...withCleanHtml(body), slug });
      return { data: await readPage(auth, id), message: CONTENT_MESSAGES.pageSaved };
    },
    page: async ({ auth, params }) => ({ data: await readPage(auth, params.id) }),
    updatePage: async ({ auth, params, body }) => {
      const current = await ownPage(auth, params.id);
      const storeId = Number(current.store_id);
      const slug =
        body.slug === undefined || body.slug === current.slug
          ? undefined
          : await slugFor(
              db,
              'store_pages',
              storeId,
              body.slug,
              '',
              params.id,
              CONTENT_MESSAGES.pageSlugTaken,
            );
      await updateStorePage(db, auth.sellerId, params.id, { ...withCleanHtml(body), slug });
      return { data: await readPage(auth, params.id), message: CONTENT_MESSAGES.pageSaved };
    },
    deletePage: async ({ auth, params }) => {
      await ownPage(auth, params.id);
      await deleteStorePage(db, auth.sellerId, params.id);
      return { data: null, message: CONTENT_MESSAGES.pageDeleted };
    },

    categories: async ({ auth, params }) => {
      await ownStore(db, auth, params.storeId);
      return {
        data: (await listBlogCategories(db, auth.sellerId, params.storeId)).map(categoryView),
      };
    },
    createCategory: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.storeId);
      // A category's slug comes from its name: two categories of one name are refused.
      const slug = body.slug ?? (slugify(body.name, CONTENT_SLUG_MAX) || 'category');
      if (await contentSlugTaken(db, 'blog_categories', params.storeId, slug, null)) {
        throw conflict(CONTENT_MESSAGES.categorySlugTaken);
      }
      const id = await insertBlogCategory(db, auth.sellerId, params.storeId, body.name, slug);
      return {
        data: categoryView(await ownCategory(auth, params.storeId, id)),
        message: CONTENT_MESSAGES.categorySaved,
      };
    },
    updateCategory: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.storeId);
      await ownCategory(auth, params.storeId, params.id);
      const slug = body.slug ?? (slugify(body.name, CONTENT_SLUG_MAX) || 'category');
      if (await contentSlugTaken(db, 'blog_categories', params.storeId, slug, params.id)) {
        throw conflict(CONTENT_MESSAGES.categorySlugTaken);
      }
      await updateBlogCategory(db, auth.sellerId, params.id, body.name, slug);
      return {
        data: categoryView(await ownCategory(auth, params.storeId, params.id)),
        message: CONTENT_MESSAGES.categorySaved,
      };
    },
    deleteCategory: async ({ auth, params }) => {
      await ownStore(db, auth, params.storeId);
      await ownCategory(auth, params.storeId, params.id);
      await deleteBlogCategory(db, auth.sellerId, params.id);
      return { data: null, message: CONTENT_MESSAGES.categoryDeleted };
    },

    posts: async ({ auth, params, query }) => {
      await ownStore(db, auth, params.storeId);
      const rows = await listBlogPosts(db, auth.sellerId, params.storeId, {
        status: query.status,
        categoryId: query.category_id,
      });
      return { data: rows.map(postView) };
    },
    createPost: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.storeId);
      await checkCategory(auth, params.storeId, body.category_id);
      const slug = await slugFor(
        db,
        'blog_posts',
        params.storeId,
        body.slug,
        body.title,
        null,
        CONTENT_MESSAGES.postSlugTaken,
      );
      const id = await insertBlogPost(db, auth.sellerId, {
        ...withCleanHtml(body),
        store_id: params.storeId,
        slug,
      });
      return {
        data: postView(await ownPost(auth, params.storeId, id)),
        message: CONTENT_MESSAGES.postSaved,
      };
    },
    post: async ({ auth, params }) => {
      await ownStore(db, auth, params.storeId);
      return { data: postView(await ownPost(auth, params.storeId, params.id)) };
    },
    updatePost: async ({ auth, params, body }) => {
      await ownStore(db, auth, params.storeId);
      const current = await ownPost(auth, params.storeId, params.id);
      await checkCategory(auth, params.storeId, body.category_id);
      const slug =
        body.slug === undefined || body.slug === current.slug
          ? undefined
          : await slugFor(
              db,
              'blog_posts',
              params.storeId,
              body.slug,
              '',
              params.id,
              CONTENT_MESSAGES.postSlugTaken,
            );
      await updateBlogPost(db, auth.sellerId, params.id, { ...withCleanHtml(body), slug });
      return {
        data: postView(await ownPost(auth, params.storeId, params.id)),
        message: CONTENT_MESSAGES.postSaved,
      };
    },
    deletePost: async ({ auth, params }) => {
      await ownStore(db, auth, params.storeId);
      await ownPost(auth, params.storeId, params.id);
      await deleteBlogPost(db, auth.sellerId, params.id);
      return { data: null, message: CONTENT_MESSAGES.postDeleted };
    },
  });
}
