import { describe, expect, it } from 'vitest';
import {
  AbandonedCheckoutEmail,
  BulkJobStatus,
  CampaignType,
  DateRangePreset,
  EntityStatus,
  FulfillmentStatus,
  MailDriver,
  Marketplace,
  MenuPosition,
  MultiSpaceType,
  OrderItemStatus,
  OrderStatus,
  OrderType,
  PaymentAccountStatus,
  PaymentStatus,
  PayoutMethod,
  PRINT_TYPES,
  PriceMode,
  PrintType,
  ProductSearchSort,
  ScopeLevel,
  SHIPPING_REGIONS,
  ShippingRegion,
  StopAndRepeatOption,
  TextDisplayStyle,
  TippingOption,
  TransactionStatus,
  TransactionType,
  WebhookEvent,
  WebhookTarget,
} from './index.js';

// The spec's lists, copied word for word from §3 "Enumerations".
const spec = {
  order:
    'archived, cancelled, completed, deleted, draft, on_hold, pending, pending_payment, processing, refunded, reviewing, designing',
  payment:
    'unpaid, paid, partially_paid, refunded, partially_refunded, authorized, pending, failed, canceled',
  fulfillment:
    'unfulfilled, fulfilled, partial_fulfilled, cancelled, on_hold, processing, invalid, rejected, reviewing, designing, on_delivery',
  orderItem:
    'pending, fulfilled, unfulfilled, cancelled, processing, on_hold, rejected, invalid, reviewing, exception, designing, on_delivery, no_ship',
  orderType: 'regular, fulfillment, custom, fba',
  entity: 'draft, active, inactive, reviewing, blocked',
  campaignType: 'regular, custom, campaign_express, mockup, aop, combo, express_2, ai_mockup',
  multiSpace: 'regular_multi_space, express_multi_space',
  transactionType:
    'sale, commission, fulfill, fee, refund, payout, topup, ads_topup, cashback, admin, other',
  transactionStatus: 'pending, processing, completed, on hold, cancelled',
  payout: 'bank, payoneer, pingpong, lianlian, payoneer_vn',
  paymentAccount: 'new, valid, invalid',
  priceMode: 'adjust_price, fixed_price, custom_price',
  webhookTarget: 'discord, slack, ms_teams, custom',
  webhookEvent: 'order.created, order.changed.tracking, order.changed.status',
  mail: 'smtp, mailgun, ses',
  marketplace: 'ebay, etsy, poshmark, tiktok, amazon',
  textDisplay: 'color, transparent, image_background',
  bulk: 'pending, processing, completed, failed, stopped, duplicate, save_design',
  sort: 'relevant, newest, oldest, highest_price, lowest_price, popular, featured, a_z, z_a',
  dateRange:
    'today, yesterday, this_week, this_month, last_7_days, last_14_days, last_week, last_30_days, last_month, custom',
  scope: 'country, region, sub_region, intermediate_region, worldwide',
  menu: 'header, footer, side_column',
  stopRepeat: 'disabled, until end time, every 15 minutes, hourly, daily, weekly',
};
const list = (text: string) => text.split(', ');

describe('enumerations hold exactly the spec values', () => {
  it.each([
    ['order status', OrderStatus.options, spec.order],
    ['payment status', PaymentStatus.options, spec.payment],
    ['fulfillment status', FulfillmentStatus.options, spec.fulfillment],
    ['order item status', OrderItemStatus.options, spec.orderItem],
    ['order types', OrderType.options, spec.orderType],
    ['store/product/campaign status', EntityStatus.options, spec.entity],
    ['campaign types', CampaignType.options, spec.campaignType],
    ['multi-space types', MultiSpaceType.options, spec.multiSpace],
    ['transaction types', TransactionType.options, spec.transactionType],
    ['transaction status', TransactionStatus.options, spec.transactionStatus],
    ['payout methods', PayoutMethod.options, spec.payout],
    ['payment account status', PaymentAccountStatus.options, spec.paymentAccount],
    ['price modes', PriceMode.options, spec.priceMode],
    ['webhook targets', WebhookTarget.options, spec.webhookTarget],
    ['webhook events', WebhookEvent.options, spec.webhookEvent],
    ['mail drivers', MailDriver.options, spec.mail],
    ['marketplaces', Marketplace.options, spec.marketplace],
    ['text display styles', TextDisplayStyle.options, spec.textDisplay],
    ['bulk job status', BulkJobStatus.options, spec.bulk],
    ['product search sorts', ProductSearchSort.options, spec.sort],
    ['date range presets', DateRangePreset.options, spec.dateRange],
    ['scope levels', ScopeLevel.options, spec.scope],
    ['menu positions', MenuPosition.options, spec.menu],
    ['stop-and-repeat options', StopAndRepeatOption.options, spec.stopRepeat],
  ])('%s', (_name, values, expected) => {
    expect(values).toEqual(list(expected));
  });

  it('names print types 0 to 5', () => {
    expect(PRINT_TYPES).toEqual({
      print2d: 0,
      full2d: 1,
      full3d: 2,
      aop: 3,
      embroidery: 4,
      handmade: 5,
    });
    expect(PrintType.safeParse(5).success).toBe(true);
    expect(PrintType.safeParse(6).success).toBe(false);
  });

  it('offers tips of none, 0, 2, 5 and 10 percent', () => {
    for (const tip of ['none', 0, 2, 5, 10])
      expect(TippingOption.safeParse(tip).success).toBe(true);
    expect(TippingOption.safeParse(3).success).toBe(false);
    expect(TippingOption.safeParse('10').success).toBe(false);
  });

  it('sends 1 to 3 abandoned checkout emails', () => {
    expect([0, 1, 2, 3, 4].map((n) => AbandonedCheckoutEmail.safeParse(n).success)).toEqual([
      false,
      true,
      true,
      true,
      false,
    ]);
  });

  it('codes Europe as 150 and worldwide as *', () => {
    expect(SHIPPING_REGIONS.europe).toBe('150');
    expect(SHIPPING_REGIONS.worldwide).toBe('*');
    expect(ShippingRegion.options).toEqual(Object.values(SHIPPING_REGIONS));
  });

  it('rejects a value outside the list', () => {
    const result = OrderStatus.safeParse('on-hold');
    expect(result.success).toBe(false);
    expect(TransactionStatus.safeParse('on_hold').success).toBe(false);
  });
});
