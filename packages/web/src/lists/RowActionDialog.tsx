import type { ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import { FormError } from '../pages/auth/FormError.js';
import { GenericModal } from '../shell/GenericModal.js';

/** A change to one row by its id, as a TanStack Query mutation gives it. */
export interface RowMutation {
  mutate: (id: number, options: { onSuccess: () => void }) => void;
  reset: () => void;
  isPending: boolean;
  error: unknown;
}

/**
 * Asks before a destructive change to one row (delete, archive, revoke, remove): Cancel, and a
 * danger button named for the change, which runs it and closes once it succeeded. A refusal stays
 * in the dialog, above the question. Closed while `row` is null.
 */
export function RowActionDialog<Row extends { id: number }>(props: {
  id: string;
  title: string;
  actionLabel: string;
  row: Row | null;
  action: RowMutation;
  onClose: () => void;
  children: ReactNode;
}) {
  const { row, action, onClose } = props;
  const close = () => {
    action.reset();
    onClose();
  };
  return (
    <GenericModal
      id={props.id}
      show={row !== null}
      title={props.title}
      centered
      onHide={close}
      footer={
        <>
          <Button variant="secondary" onClick={close}>
            Cancel
          </Button>
          <Button
            variant="danger"
            disabled={action.isPending}
            onClick={() => row && action.mutate(row.id, { onSuccess: close })}
          >
            {props.actionLabel}
          </Button>
        </>
      }
    >
      <FormError error={action.error} />
      <p className="mb-0">{props.children}</p>
    </GenericModal>
  );
}
