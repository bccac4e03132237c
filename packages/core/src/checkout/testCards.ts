/**
 * The built-in test gateway's cards, the numbers Stripe documents for its test mode: one
 * approves, one is declined, one needs a second step (3-D Secure) before it is paid.
 */
export const TEST_CARDS = {
  approve: '4242424242424242',
  decline: '4000000000000002',
  requiresAction: '4000002500003155',
} as const;

export type TestCardOutcome = 'approved' | 'declined' | 'requires_action';

/** What the test gateway does with a card number: any other number is declined. */
export function testCardOutcome(cardNumber: string): TestCardOutcome {
  const digits = cardNumber.replace(/[\s-]/g, '');
  if (digits === TEST_CARDS.approve) return 'approved';
  if (digits === TEST_CARDS.requiresAction) return 'requires_action';
  return 'declined';
}
