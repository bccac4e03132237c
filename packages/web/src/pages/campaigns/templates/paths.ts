import { pagePath } from '@printloom/core';

/** Addresses of the template pages, from the page table (spec §2). */
export const TEMPLATE_PATHS = {
  list: pagePath('campaign_template'),
  detail: (id: number) => pagePath('campaign_template', { '*': id }),
  bulk: (id?: number) => pagePath('campaign_template_bulk', { id }),
  edit: (id: number) => pagePath('campaign_edit', { id }),
  campaigns: pagePath('all_campaigns'),
} as const;
