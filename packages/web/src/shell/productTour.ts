/**
 * The product tour for new sellers (spec §2 Product tour, §4).
 *
 * Starts at 'greeting' once the seller survey is closed, the getting-started panel is shown and
 * the tour is not disabled. Steps advance on clicks and navigate: /storefronts (create store,
 * 3 sub-steps), /campaigns (launch campaign, 8 sub-steps), /orders (view, filter), then back to /
 * for 'finish'. Cancelling stores 'disable_product_tour'; the current step is kept in
 * 'step_product_tour' so a reload resumes where the seller was.
 */
export interface TourStep {
  id: string;
  section: 'greeting' | 'create-store' | 'launch-campaign' | 'manage-orders' | 'finish';
  route: string;
  /** `data-tour` value of the element the step points at, when the page has it. */
  target?: string;
  title: string;
  text: string;
}

export const TOUR_STEPS: readonly TourStep[] = [
  {
    id: 'greeting',
    section: 'greeting',
    route: '/',
    title: 'Welcome to Printloom!',
    text: 'Take a two-minute tour: create a store, launch a campaign and manage your orders.',
  },
  {
    id: 'store-button',
    section: 'create-store',
    route: '/storefronts',
    target: 'create-store-button',
    title: 'Create a store',
    text: 'Every campaign sells through a storefront. Start with the Create store button.',
  },
  {
    id: 'store-modal',
    section: 'create-store',
    route: '/storefronts',
    target: 'storefront-modal',
    title: 'Name your store',
    text: 'Give the store a name and a domain; you can change both later.',
  },
  {
    id: 'store-save',
    section: 'create-store',
    route: '/storefronts',
    target: 'storefront-modal',
    title: 'Save the store',
    text: 'Save, and the store is ready for campaigns.',
  },
  {
    id: 'campaign-button',
    section: 'launch-campaign',
    route: '/campaigns',
    target: 'create-campaign-button',
    title: 'Launch a campaign',
    text: 'A campaign is a design on one or more products. Start with Create campaign.',
  },
  {
    id: 'campaign-template',
    section: 'launch-campaign',
    route: '/campaigns',
    target: 'product-template-selection',
    title: 'Choose products',
    text: 'Pick the product templates your design goes on.',
  },
  {
    id: 'campaign-upload',
    section: 'launch-campaign',
    route: '/campaigns',
    target: 'upload-button',
    title: 'Upload your artwork',
    text: 'Upload the design and place it on each print area.',
  },
  {
    id: 'campaign-pricing',
    section: 'launch-campaign',
    route: '/campaigns',
    target: 'continue-pricing',
    title: 'Continue to pricing',
    text: 'When the design looks right, continue to pricing.',
  },
  {
    id: 'campaign-price',
    section: 'launch-campaign',
    route: '/campaigns',
    target: 'sell-price-input',
    title: 'Set your price',
    text: 'Enter the sell price; your profit updates as you type.',
  },
  {
    id: 'campaign-market',
    section: 'launch-campaign',
    route: '/campaigns',
    target: 'market-currency-mode',
    title: 'Market, currency and pricing mode',
    text: 'Choose where you sell, the currency and how prices adjust.',
  },
  {
    id: 'campaign-detail',
    section: 'launch-campaign',
    route: '/campaigns',
    target: 'continue-detail-promotion',
    title: 'Details and promotion',
    text: 'Continue through the campaign detail and promotion tabs.',
  },
  {
    id: 'campaign-launch',
    section: 'launch-campaign',
    route: '/campaigns',
    target: 'launch-button',
    title: 'Launch',
    text: 'Launch the campaign and it goes live on your store.',
  },
  {
    id: 'orders-list',
    section: 'manage-orders',
    route: '/orders',
    target: 'order-list',
    title: 'Your orders',
    text: 'Every order of your stores shows here as it comes in.',
  },
  {
    id: 'orders-filter',
    section: 'manage-orders',
    route: '/orders',
    target: 'order-filter',
    title: 'Find an order',
    text: 'Filter by status, date or store to find an order quickly.',
  },
  {
    id: 'finish',
    section: 'finish',
    route: '/',
    title: "You're all set!",
    text: 'That is the tour. Press Ctrl+G any time to jump to a page.',
  },
];

export function shouldStartTour(input: {
  surveyClosed: boolean;
  gettingStartedShown: boolean;
  disabled: boolean;
}): boolean {
  return input.surveyClosed && input.gettingStartedShown && !input.disabled;
}

/** The step to resume at from the stored id; the greeting when none or unknown. */
export function resumeIndex(storedStep: string | null): number {
  const index = TOUR_STEPS.findIndex((step) => step.id === storedStep);
  return index === -1 ? 0 : index;
}
