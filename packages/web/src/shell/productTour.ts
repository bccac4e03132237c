/**
 * The product tour for new sellers (spec §2 Product tour, §4), in the order a seller works:
 * create a store, then the campaign list, the campaign editor (products, design, name and price,
 * launch), bulk campaigns and the orders buyers place, then back to / for 'finish'. Every step
 * but the greeting and the finish points at a real control of its page (`data-tour` targets).
 *
 * Starts at 'greeting' on the dashboard once the overlays queued before it are closed (survey,
 * notification pop-up; see overlayQueue.ts), the getting-started panel is shown and the tour is
 * not disabled. Steps advance on clicks and navigate. Skip or Finish stores
 * 'disable_product_tour'; the current step is kept in 'step_product_tour' so a reload resumes
 * where the seller was. A step whose page the user's menu does not offer is left out.
 */
export interface TourStep {
  id: string;
  section: 'greeting' | 'store' | 'launch-campaign' | 'bulk-campaigns' | 'orders' | 'finish';
  route: string;
  /** The menu page a user must be offered for the step to be shown. */
  menuPath?: string;
  /** `data-tour` value of the element the step points at. */
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
    text: 'A one-minute tour: open a store, launch a campaign from a design, create many at once and follow your orders.',
  },
  {
    id: 'store-create',
    section: 'store',
    route: '/storefronts',
    menuPath: '/storefronts',
    target: 'create-store-button',
    title: 'Your store',
    text: 'Buyers shop in your stores. Create one: its name, address and colours, and the campaigns it lists.',
  },
  {
    id: 'campaign-button',
    section: 'launch-campaign',
    route: '/campaigns',
    menuPath: '/campaigns',
    target: 'create-campaign-button',
    title: 'Your campaigns',
    text: 'Every campaign you make is listed here. Create campaign opens the design editor.',
  },
  {
    id: 'campaign-products',
    section: 'launch-campaign',
    route: '/campaigns/edit',
    menuPath: '/campaigns',
    target: 'product-template-selection',
    title: 'Choose products',
    text: 'Tick the products your design goes on; each gets its print areas and mockups.',
  },
  {
    id: 'campaign-design',
    section: 'launch-campaign',
    route: '/campaigns/edit',
    menuPath: '/campaigns',
    target: 'campaign-design',
    title: 'Design',
    text: 'With a product chosen, add text and images here. The mockups follow every change.',
  },
  {
    id: 'campaign-details',
    section: 'launch-campaign',
    route: '/campaigns/edit',
    menuPath: '/campaigns',
    target: 'campaign-details',
    title: 'Name and price',
    text: "Name the campaign and set each product's sell price.",
  },
  {
    id: 'campaign-launch',
    section: 'launch-campaign',
    route: '/campaigns/edit',
    menuPath: '/campaigns',
    target: 'launch-button',
    title: 'Save or launch',
    text: 'Save keeps a draft; Launch puts the campaign live on your store.',
  },
  {
    id: 'bulk-import',
    section: 'bulk-campaigns',
    route: '/bulk-campaigns',
    menuPath: '/bulk-campaigns',
    target: 'bulk-import-button',
    title: 'Many campaigns at once',
    text: 'Import a folder of artwork onto a template campaign: each design becomes a campaign.',
  },
  {
    id: 'orders-search',
    section: 'orders',
    route: '/orders',
    menuPath: '/orders',
    target: 'orders-search',
    title: 'Your orders',
    text: 'Every order buyers place is listed here: search it, filter it, open it to follow it to their door.',
  },
  {
    id: 'finish',
    section: 'finish',
    route: '/',
    title: "You're all set!",
    text: 'That is the tour. Press Ctrl+G (⌘G on a Mac) any time to jump to a page.',
  },
];

/** The steps a user is shown: those whose page their menu offers. */
export function tourStepsFor(menuPaths: ReadonlySet<string>): TourStep[] {
  return TOUR_STEPS.filter((step) => step.menuPath === undefined || menuPaths.has(step.menuPath));
}

/** `surveyClosed`: the survey and every overlay queued before the tour are closed. */
export function shouldStartTour(input: {
  surveyClosed: boolean;
  gettingStartedShown: boolean;
  disabled: boolean;
}): boolean {
  return input.surveyClosed && input.gettingStartedShown && !input.disabled;
}

/** The step to resume at from the stored id; the greeting when none or unknown. */
export function resumeIndex(
  storedStep: string | null,
  steps: readonly TourStep[] = TOUR_STEPS,
): number {
  const index = steps.findIndex((step) => step.id === storedStep);
  return index === -1 ? 0 : index;
}
