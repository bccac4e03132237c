import type { CampaignBulkActionName, EntityStatus } from '@printloom/core';
import type { CampaignRowAction } from '../../api/hooks/useCampaignActions.js';

/** Labels of a campaign's actions, as buttons and menu items say them. */
export const CAMPAIGN_ACTION_LABELS: Readonly<Record<CampaignRowAction, string>> = {
  launch: 'Launch',
  deactivate: 'Deactivate',
  duplicate: 'Duplicate',
  delete: 'Delete',
};

/** What a seller is asked before a bulk action, and what the confirm button says. */
export function bulkConfirmation(action: CampaignBulkActionName, count: number) {
  const many = count === 1 ? 'this campaign' : `these ${count} campaigns`;
  switch (action) {
    case 'launch':
      return {
        title: `Launch ${count === 1 ? '1 campaign' : `${count} campaigns`}?`,
        body: `${many[0]?.toUpperCase()}${many.slice(1)} will go on sale. A campaign with a product that has no design stays as it is.`,
        confirm: 'Launch',
        danger: false,
      };
    case 'deactivate':
      return {
        title: `Deactivate ${count === 1 ? '1 campaign' : `${count} campaigns`}?`,
        body: `${many[0]?.toUpperCase()}${many.slice(1)} will stop selling. Products and designs are kept; you can launch again later.`,
        confirm: 'Deactivate',
        danger: false,
      };
    case 'delete':
      return {
        title: `Delete ${count === 1 ? '1 campaign' : `${count} campaigns`}?`,
        body: `${many[0]?.toUpperCase()}${many.slice(1)} will disappear from your lists and stop selling. This cannot be undone. A campaign a bulk job still uses stays as it is.`,
        confirm: 'Delete',
        danger: true,
      };
  }
}

/** The row actions that fit a campaign's status: launch what is not selling, deactivate what is. */
export function rowActionsFor(status: EntityStatus): CampaignRowAction[] {
  if (status === 'blocked') return ['duplicate', 'delete'];
  const selling = status === 'active' || status === 'reviewing';
  return [selling ? 'deactivate' : 'launch', 'duplicate', 'delete'];
}
