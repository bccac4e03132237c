import {
  SenDesignFileBody,
  SenDesignHandBackAnswer,
  SenDesignItem,
  SenDesignItemParams,
} from '../../order/senDesign.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['orders'] as const;

/**
 * SEN Design (issue 13): the designers' queue. Open to any member of the account by the route
 * table; the handler lets in the seller, designers (grant role `designer`) and members with
 * get_orders, and refuses API keys and everyone else with 403.
 */
export const senDesign = {
  list: route({
    method: 'GET',
    path: '/seller/sen-design',
    summary: 'Order items waiting on a designer, oldest first',
    tags,
    permission: ANY_MEMBER,
    response: SenDesignItem.array(),
    errors: [403],
  }),
  claim: route({
    method: 'POST',
    path: '/seller/sen-design/:itemId/claim',
    summary: 'Take an item: one designer at a time (409 when someone else holds it)',
    tags,
    permission: ANY_MEMBER,
    params: SenDesignItemParams,
    response: SenDesignItem,
    errors: [403, 404, 409],
  }),
  file: route({
    method: 'POST',
    path: '/seller/sen-design/:itemId/file',
    summary: 'Attach the finished print file of a print space (an upload of this account)',
    tags,
    permission: ANY_MEMBER,
    params: SenDesignItemParams,
    body: SenDesignFileBody,
    uploadRefs: true,
    response: SenDesignItem,
    errors: [403, 404, 409, 422],
  }),
  handBack: route({
    method: 'POST',
    path: '/seller/sen-design/:itemId/hand-back',
    summary: "Hand the item's order back: to production once every waiting item has a file",
    tags,
    permission: ANY_MEMBER,
    params: SenDesignItemParams,
    response: SenDesignHandBackAnswer,
    errors: [403, 404, 409],
  }),
} as const;
