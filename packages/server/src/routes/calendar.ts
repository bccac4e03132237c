/**
 * Calendar (`/seller/calendar`, issue 16): a month on the user's days. The season (holidays and
 * last order days per region) is core's table; the seller's launches, promotion starts and ends
 * and scheduled email campaigns are read for the month's span of UTC instants and placed on the
 * user's day by `utc_offset`. Members without get_campaigns see the season only.
 */
import { API, type CalendarEvent, monthSpan, podSeasonEvents, userDate } from '@printloom/core';
import type { FastifyInstance } from 'fastify';
import { allows } from '../http/authContext.js';
import { registerGroup } from '../http/registerGroup.js';
import { campaignLaunches, promotionDates, scheduledEmailCampaigns } from '../sql/calendar.js';

export async function registerCalendarRoutes(app: FastifyInstance): Promise<void> {
  const { db } = app;
  registerGroup(app, API.calendar, {
    month: async ({ auth, query }) => {
      const offset = auth.seller.utc_offset;
      const today = userDate(Date.now(), offset);
      const month = query.month ?? today.slice(0, 7);
      const span = monthSpan(month, offset);
      const day = (at: Date) => userDate(at, offset);
      const inMonth = (at: Date | null): at is Date => at !== null && day(at).startsWith(month);
      const events: CalendarEvent[] = podSeasonEvents(month).map((e) => ({
        date: e.date,
        kind: e.kind,
        title: e.title,
        ref_id: null,
        region: e.region,
      }));
      if (allows(auth, 'get_campaigns')) {
        for (const c of await campaignLaunches(db, auth.sellerId, span)) {
          events.push({
            date: day(c.at),
            kind: 'campaign_launch',
            title: `Launch: ${c.title}`,
            ref_id: c.id,
            region: null,
          });
        }
        for (const p of await promotionDates(db, auth.sellerId, span, auth.storeIds)) {
          if (inMonth(p.starts_at)) {
            events.push({
              date: day(p.starts_at),
              kind: 'promotion_start',
              title: `Promotion ${p.code} starts`,
              ref_id: p.id,
              region: null,
            });
          }
          if (inMonth(p.ends_at)) {
            events.push({
              date: day(p.ends_at),
              kind: 'promotion_end',
              title: `Promotion ${p.code} ends`,
              ref_id: p.id,
              region: null,
            });
          }
        }
        for (const m of await scheduledEmailCampaigns(db, auth.sellerId, span, auth.storeIds)) {
          events.push({
            date: day(m.at),
            kind: 'email_campaign',
            title: `Email: ${m.title}`,
            ref_id: m.id,
            region: null,
          });
        }
      }
      events.sort((a, b) => a.date.localeCompare(b.date));
      return { data: { month, today, events } };
    },
  });
}
