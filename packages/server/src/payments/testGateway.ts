import { TEST_CARDS, testCardOutcome } from '@printloom/core';
import type {
  ChargeRequest,
  ChargeResult,
  PaymentGateway,
  RefundRequest,
  RefundResult,
} from './PaymentGateway.js';

export const DECLINED_MESSAGE = 'Your card was declined.';
export const REQUIRES_ACTION_MESSAGE = 'Your bank asks you to confirm this payment.';

/**
 * The built-in gateway for demos and CI, with Stripe's documented test cards: 4242… approves,
 * 4000000000000002 is declined, 4000002500003155 needs a second step (confirm, then pay again
 * with the answered reference). Like Stripe it remembers idempotency keys: the same key never
 * charges twice. `charges` counts the charges made. A refund completes at once, once per
 * idempotency key (`refunds` counts them).
 */
export class TestGateway implements PaymentGateway {
  readonly name = 'test' as const;
  charges = 0;
  refunds = 0;
  private readonly byKey = new Map<string, ChargeResult>();
  private readonly refundsByKey = new Map<string, RefundResult>();

  async refund(request: RefundRequest): Promise<RefundResult> {
    const done = this.refundsByKey.get(request.idempotencyKey);
    if (done) return done;
    this.refunds += 1;
    const result: RefundResult = {
      status: 'completed',
      reference: `test_re_${request.idempotencyKey}`,
    };
    this.refundsByKey.set(request.idempotencyKey, result);
    return result;
  }

  async charge(request: ChargeRequest): Promise<ChargeResult> {
    const done = this.byKey.get(request.idempotencyKey);
    if (done?.status === 'paid') return done;
    const pending = `test_pi_${request.idempotencyKey}`;
    if (request.reference === pending && done?.status === 'requires_action') {
      return this.paid(request.idempotencyKey, pending);
    }
    const outcome = testCardOutcome(request.cardNumber ?? '');
    if (outcome === 'approved') return this.paid(request.idempotencyKey, pending);
    if (outcome === 'requires_action') {
      const result: ChargeResult = {
        status: 'requires_action',
        reference: pending,
        message: REQUIRES_ACTION_MESSAGE,
      };
      this.byKey.set(request.idempotencyKey, result);
      return result;
    }
    return { status: 'declined', message: DECLINED_MESSAGE };
  }

  private paid(key: string, reference: string): ChargeResult {
    this.charges += 1;
    const result: ChargeResult = { status: 'paid', reference };
    this.byKey.set(key, result);
    return result;
  }
}

export { TEST_CARDS };
