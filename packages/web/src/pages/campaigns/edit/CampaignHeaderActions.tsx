import type { Campaign } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useCampaignAction } from '../../../api/hooks/useCampaignActions.js';
import { ConfirmDialog } from '../../../lists/ConfirmDialog.js';
import { notifyError } from '../../../toast/notify.js';
import { toasts } from '../../../toast/toastStore.js';

/**
 * The editor header's actions on the saved campaign: duplicate (opens the copy), deactivate
 * (while it sells) and delete (after confirmation, back to the list). They act on the campaign
 * as saved; leaving with unsaved changes is still guarded by the page.
 */
export function CampaignHeaderActions(props: {
  campaign: Campaign;
  disabled: boolean;
  /** The campaign's status changed on the server. */
  onStatus: (status: Campaign['status']) => void;
  /** Go to another page: the copy's editor, or the list after a delete. */
  onLeave: (path: string, options: { guard: boolean }) => void;
  /** Where a campaign of this kind is edited (`/campaigns/edit`, `/campaigns/ai/edit`…). */
  editPrefix: string;
}) {
  const { campaign } = props;
  const action = useCampaignAction();
  const [confirmDelete, setConfirmDelete] = useState(false);
  const busy = props.disabled || action.isPending;
  const selling = campaign.status === 'active' || campaign.status === 'reviewing';

  async function duplicate() {
    try {
      const answer = await action.mutateAsync({ action: 'duplicate', id: campaign.id });
      if (!answer.campaign) return;
      toasts.show('success', `Duplicated as “${answer.campaign.name}”.`);
      props.onLeave(`${props.editPrefix}/${answer.campaign.id}`, { guard: true });
    } catch (error) {
      notifyError(error);
    }
  }

  async function deactivate() {
    try {
      const answer = await action.mutateAsync({ action: 'deactivate', id: campaign.id });
      if (answer.campaign) props.onStatus(answer.campaign.status);
      toasts.show('success', 'Campaign deactivated.');
    } catch (error) {
      notifyError(error);
    }
  }

  async function remove() {
    try {
      await action.mutateAsync({ action: 'delete', id: campaign.id });
      setConfirmDelete(false);
      toasts.show('success', `Deleted “${campaign.name}”.`);
      props.onLeave('/campaigns', { guard: false });
    } catch (error) {
      setConfirmDelete(false);
      notifyError(error);
    }
  }

  return (
    <div className="ms-auto d-flex flex-wrap gap-2" role="toolbar" aria-label="Campaign actions">
      <Button
        size="sm"
        variant="outline-secondary"
        disabled={busy}
        onClick={() => void duplicate()}
      >
        Duplicate
      </Button>
      {selling ? (
        <Button
          size="sm"
          variant="outline-secondary"
          disabled={busy}
          onClick={() => void deactivate()}
        >
          Deactivate
        </Button>
      ) : null}
      <Button
        size="sm"
        variant="outline-danger"
        disabled={busy}
        onClick={() => setConfirmDelete(true)}
      >
        Delete
      </Button>
      <ConfirmDialog
        show={confirmDelete}
        title="Delete this campaign?"
        confirmLabel="Delete"
        danger
        busy={action.isPending}
        onConfirm={() => void remove()}
        onCancel={() => setConfirmDelete(false)}
      >
        <p className="mb-0">
          “{campaign.name}” will disappear from your lists and stop selling. This cannot be undone.
        </p>
      </ConfirmDialog>
    </div>
  );
}
