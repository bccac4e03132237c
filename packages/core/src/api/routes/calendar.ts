import { CalendarMonth, CalendarQuery } from '../../calendar/calendar.js';
import { ANY_MEMBER, route } from './RouteContract.js';

/**
 * Calendar (issue 16; spec §2 /calendar): a month of the seller's campaign launches, promotion
 * starts and ends, scheduled email campaigns, and the print-on-demand season (holidays and last
 * order days per region), on the user's days. Open to every member like the page; the
 * seller's campaigns and promotions are in it for members who may read campaigns.
 */
export const calendar = {
  month: route({
    method: 'GET',
    path: '/seller/calendar',
    summary: 'The events of a month on the user’s days',
    tags: ['calendar'],
    permission: ANY_MEMBER,
    query: CalendarQuery,
    response: CalendarMonth,
  }),
} as const;
