import { AccessTokenAnswer, AuthorizedAccountList, SwitchAccountBody } from '../authSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['team'] as const;

/** Acting for another seller as an authorized (team) account (spec §4 Switch account). */
export const team = {
  authorizedAccounts: route({
    method: 'GET',
    path: '/seller/authorized-accounts',
    summary: 'Seller accounts the signed-in person may act for',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    response: AuthorizedAccountList,
  }),
  switchAccount: route({
    method: 'POST',
    path: '/seller/switch-account',
    summary: 'Act for another seller (authorized account)',
    description: 'A refusal carries `customPayload.fta_diff` when the two accounts differ in 2FA.',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    body: SwitchAccountBody,
    response: AccessTokenAnswer,
    errors: [403, 404],
  }),
  switchBackAccount: route({
    method: 'POST',
    path: '/seller/switch-back-account',
    summary: 'Return to the own account',
    tags,
    permission: ANY_MEMBER,
    sessionOnly: true,
    response: AccessTokenAnswer,
    errors: [422],
  }),
} as const;
