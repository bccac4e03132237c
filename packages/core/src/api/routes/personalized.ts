import { PERSONALIZED_OFF_MESSAGE } from '../constants.js';
import { PbTokenAnswer } from '../shellSchemas.js';
import { route } from './RouteContract.js';

/** The personalisation design tool (spec §6: tag pb or personalized, plus update_campaign). */
export const personalized = {
  pbToken: route({
    method: 'GET',
    path: '/seller/get-pb-token',
    summary: 'A one-hour token for the personalisation design tool',
    tags: ['personalized'],
    permission: 'update_campaign',
    tag: ['pb', 'personalized'],
    tagMessage: PERSONALIZED_OFF_MESSAGE,
    response: PbTokenAnswer,
    errors: [503],
  }),
} as const;
