/**
 * Feature requests (`/seller/feature-requests`, spec §2): ideas shared by every seller account.
 * Any member posts, votes (once per seller account: a team member's vote is their account's) and
 * comments; an operator (an admin signed in as themselves) sets the status. Authors are shown by
 * first name only, since other sellers read the list; an operator's comment is marked as such.
 */
import {
  API,
  FEATURE_REQUEST_MESSAGES,
  type FeatureRequest,
  type FeatureRequestDetail,
  featureRequestSlug,
  pageInfo,
  slugify,
} from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import type { Queryable } from '../db/Db.js';
import type { AuthContext } from '../http/authContext.js';
import { forbidden, notFound } from '../http/errors.js';
import { registerGroup } from '../http/registerGroup.js';
import {
  addFeatureRequestVote,
  type FeatureRequestRow,
  featureRequestComments,
  getFeatureRequest,
  insertFeatureRequest,
  insertFeatureRequestComment,
  listFeatureRequests,
  lockFeatureRequest,
  removeFeatureRequestVote,
  setFeatureRequestStatus,
} from '../sql/featureRequests.js';

/** The first word of a name, as other sellers see the author. */
const firstName = (name: string | null): string => name?.trim().split(/\s+/)[0] || 'A seller';

export async function registerFeatureRequestRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;

  const view = (row: FeatureRequestRow, viewer: number): FeatureRequest => ({
    id: Number(row.id),
    title: row.title,
    body: row.body,
    category: row.category as FeatureRequest['category'],
    slug: featureRequestSlug(row.title, Number(row.id), slugify),
    status: row.status as FeatureRequest['status'],
    votes: Number(row.votes),
    comments: Number(row.comments),
    voted: row.voted,
    mine: Number(row.seller_id) === viewer,
    author_name: firstName(row.author_name),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });

  const found = async (q: Queryable, viewer: number, id: number): Promise<FeatureRequestRow> => {
    const row = await getFeatureRequest(q, viewer, id);
    if (!row) throw notFound();
    return row;
  };

  const detail = async (
    q: Queryable,
    viewer: number,
    id: number,
  ): Promise<FeatureRequestDetail> => {
    const row = await found(q, viewer, id);
    const comments = await featureRequestComments(q, id);
    return {
      ...view(row, viewer),
      comment_list: comments.map((c) => ({
        id: Number(c.id),
        body: c.body,
        author_name: c.by_operator ? 'Printloom team' : firstName(c.author_name),
        by_operator: c.by_operator,
        created_at: c.created_at.toISOString(),
      })),
    };
  };

  /** Changes the account's vote under a row lock, so the counter matches the vote rows. */
  const changeVote = async (auth: AuthContext, id: number, add: boolean) =>
    db.transaction(async (tx) => {
      if (!(await lockFeatureRequest(tx, id))) throw notFound();
      if (add) await addFeatureRequestVote(tx, id, auth.sellerId);
      else await removeFeatureRequestVote(tx, id, auth.sellerId);
      return view(await found(tx, auth.sellerId, id), auth.sellerId);
    });

  registerGroup(app, API.featureRequests, {
    list: async ({ auth, query }) => {
      const { rows, total } = await listFeatureRequests(db, auth.sellerId, {
        ...query,
        voted: query.voted === '1',
      });
      return {
        data: {
          data: rows.map((row) => view(row, auth.sellerId)),
          ...pageInfo(total, query.page, query.per_page),
        },
      };
    },
    create: async ({ auth, body }) => {
      const data = await db.transaction(async (tx) => {
        const id = await insertFeatureRequest(tx, {
          sellerId: auth.sellerId,
          authorId: auth.actorId,
          ...body,
        });
        return detail(tx, auth.sellerId, id);
      });
      return { data, message: FEATURE_REQUEST_MESSAGES.created };
    },
    get: async ({ auth, params }) => ({ data: await detail(db, auth.sellerId, params.id) }),
    vote: async ({ auth, params }) => ({
      data: await changeVote(auth, params.id, true),
      message: FEATURE_REQUEST_MESSAGES.voted,
    }),
    unvote: async ({ auth, params }) => ({
      data: await changeVote(auth, params.id, false),
      message: FEATURE_REQUEST_MESSAGES.unvoted,
    }),
    comment: async ({ auth, params, body }) => {
      const data = await db.transaction(async (tx) => {
        if (!(await lockFeatureRequest(tx, params.id))) throw notFound();
        await insertFeatureRequestComment(tx, {
          requestId: params.id,
          authorId: auth.actorId,
          byOperator: auth.isAdmin,
          body: body.body,
        });
        return detail(tx, auth.sellerId, params.id);
      });
      return { data, message: FEATURE_REQUEST_MESSAGES.commented };
    },
    setStatus: async ({ auth, params, body }) => {
      if (!auth.isAdmin) throw forbidden(FEATURE_REQUEST_MESSAGES.operatorsOnly);
      if (!(await setFeatureRequestStatus(db, params.id, body.status))) throw notFound();
      return {
        data: view(await found(db, auth.sellerId, params.id), auth.sellerId),
        message: FEATURE_REQUEST_MESSAGES.statusSet,
      };
    },
  });
}
