import { FeaturedInfoList } from '../../featured/FeaturedInfo.js';
import {
  Notification,
  NotificationList,
  NotificationListQuery,
  NotificationReadStatus,
} from '../../notification/Notification.js';
import { SellerSurvey } from '../../survey/SellerSurvey.js';
import { DoneAnswer } from '../authSchemas.js';
import { IdParams } from '../catalogSchemas.js';
import {
  BalanceAnswer,
  UpdatedCountAnswer,
  UtmTrackAnswer,
  UtmTrackBody,
  VersionAnswer,
  WidgetsAnswer,
} from '../shellSchemas.js';
import { ANY_MEMBER, route } from './RouteContract.js';

const tags = ['shell'] as const;

/** What the dashboard shell reads on every page: notifications, version, banners, balance. */
export const shell = {
  notifications: route({
    method: 'GET',
    path: '/seller/notifications',
    summary: 'Notifications of the seller, newest first',
    tags,
    permission: ANY_MEMBER,
    query: NotificationListQuery,
    response: NotificationList,
  }),
  markAllNotificationsRead: route({
    method: 'PUT',
    path: '/seller/notifications/mark_all_as_read',
    summary: 'Mark every notification read',
    tags,
    permission: ANY_MEMBER,
    response: UpdatedCountAnswer,
  }),
  notificationsReadStatus: route({
    method: 'POST',
    path: '/seller/notifications/read-status',
    summary: "Pop-up read state: action 1 don't show again, 2 type-2 seen",
    tags,
    permission: ANY_MEMBER,
    body: NotificationReadStatus,
    response: UpdatedCountAnswer,
  }),
  notification: route({
    method: 'GET',
    path: '/seller/notifications/:id',
    summary: 'One notification (marks it read)',
    tags,
    permission: ANY_MEMBER,
    params: IdParams,
    response: Notification,
    errors: [404],
  }),
  version: route({
    method: 'GET',
    path: '/api3/version',
    summary: 'When the app was last deployed',
    tags,
    auth: 'none',
    response: VersionAnswer,
  }),
  widgets: route({
    method: 'GET',
    path: '/public/widgets',
    summary: 'Which third-party widgets (support chat, changelog) this deployment uses',
    description:
      'Each entry is null unless the server was configured with it (CRISP_WEBSITE_ID, HEADWAY_ACCOUNT).',
    tags,
    auth: 'none',
    response: WidgetsAnswer,
  }),
  featuredInfo: route({
    method: 'GET',
    path: '/public/featured-info',
    summary: 'Featured-info banners (cached 60 s)',
    tags,
    auth: 'none',
    response: FeaturedInfoList,
  }),
  survey: route({
    method: 'POST',
    path: '/seller/survey',
    summary: 'Seller survey (spec §5)',
    // The answers are the account's contact details and sale volume, which decide the price
    // tier offered: account settings at the level of the payment settings. The dashboard never
    // shows the survey to a team account (shouldShowSurvey), so no team flow needs it.
    description: 'Writes the seller’s phone, Facebook page and sale volume.',
    tags,
    permission: 'update_payments',
    body: SellerSurvey,
    response: DoneAnswer,
  }),
  balance: route({
    method: 'GET',
    path: '/seller/balance',
    summary: 'SMS credits and balances',
    tags,
    permission: 'get_payments',
    response: BalanceAnswer,
  }),
  utmTrack: route({
    method: 'POST',
    path: '/utm-campaign/track',
    summary: 'Track a campaign click or submit from a UTM link',
    tags,
    auth: 'optional',
    body: UtmTrackBody,
    response: UtmTrackAnswer,
    rateLimit: 'tracking',
  }),
  sellerUtmTrack: route({
    method: 'POST',
    path: '/seller/utm-campaign/track',
    summary: "Track a campaign click or submit for the seller's own campaign",
    tags,
    permission: ANY_MEMBER,
    body: UtmTrackBody,
    response: UtmTrackAnswer,
  }),
} as const;
