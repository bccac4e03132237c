import {
  FeatureRequest,
  FeatureRequestBody,
  FeatureRequestCommentBody,
  FeatureRequestDetail,
  FeatureRequestListQuery,
  FeatureRequestStatusBody,
} from '../../feedback/featureRequests.js';
import { IdParams } from '../catalogSchemas.js';
import { paginated } from '../pagination.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['feature requests'] as const;

/**
 * Feature requests (spec §2 /feature-requests): shared by every seller, so any member of an
 * account may read, post, vote and comment; a vote counts once per seller account. Changing a
 * status is for platform operators (an admin signed in as themselves), 403 for anyone else.
 */
export const featureRequests = {
  list: route({
    method: 'GET',
    path: '/seller/feature-requests',
    summary: 'Feature requests, most voted first, with whether this account voted',
    tags,
    permission: ANY_MEMBER,
    query: FeatureRequestListQuery,
    response: paginated(FeatureRequest),
  }),
  create: route({
    method: 'POST',
    path: '/seller/feature-requests',
    summary: 'Post a feature request (it starts under review, with the poster’s vote)',
    tags,
    permission: ANY_MEMBER,
    body: FeatureRequestBody,
    response: FeatureRequestDetail,
    errors: [422],
  }),
  get: route({
    method: 'GET',
    path: '/seller/feature-requests/:id',
    summary: 'One feature request with its comments, oldest first',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    response: FeatureRequestDetail,
    errors: [404],
  }),
  vote: route({
    method: 'POST',
    path: '/seller/feature-requests/:id/vote',
    summary: 'Vote for a request; voting again changes nothing',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    response: FeatureRequest,
    errors: [404],
  }),
  unvote: route({
    method: 'DELETE',
    path: '/seller/feature-requests/:id/vote',
    summary: 'Take back this account’s vote',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    response: FeatureRequest,
    errors: [404],
  }),
  comment: route({
    method: 'POST',
    path: '/seller/feature-requests/:id/comments',
    summary: 'Comment on a request',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    body: FeatureRequestCommentBody,
    response: FeatureRequestDetail,
    errors: [404, 422],
  }),
  setStatus: route({
    method: 'PUT',
    path: '/admin/feature-requests/:id/status',
    summary: 'Platform operators: move a request to under review, planned or done',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    params: IdParams,
    body: FeatureRequestStatusBody,
    response: FeatureRequest,
    errors: [403, 404],
  }),
} as const;
