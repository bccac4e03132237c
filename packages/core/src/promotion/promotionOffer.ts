import { toMajor } from '../checkout/totals.js';
import { formatCurrency } from '../currency/formatCurrency.js';
import type { Promotion } from './promotions.js';

/** What a promotion gives, in the words a seller and a buyer read: "10% off", "Buy 2 get 1 free". */
export function promotionOffer(
  promotion: Pick<Promotion, 'type' | 'value' | 'buy_quantity' | 'get_quantity'>,
  currency: string,
): string {
  switch (promotion.type) {
    case 'percent':
      return `${promotion.value}% off`;
    case 'fixed':
      return `${formatCurrency(toMajor(promotion.value), currency)} off`;
    case 'free_shipping':
      return 'Free shipping';
    case 'bogo': {
      const get = promotion.value >= 100 ? 'free' : `at ${promotion.value}% off`;
      return `Buy ${promotion.buy_quantity ?? 1} get ${promotion.get_quantity ?? 1} ${get}`;
    }
  }
}
