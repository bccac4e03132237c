import { type ReactNode, useId } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';

/**
 * Asks before an action that changes several things or cannot be undone. The dialog traps
 * focus, Escape cancels, and the confirm button says what will happen.
 */
export function ConfirmDialog(props: {
  show: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  danger?: boolean;
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const titleId = useId();
  return (
    <Modal show={props.show} onHide={props.onCancel} centered aria-labelledby={titleId}>
      <Modal.Header closeButton>
        <Modal.Title id={titleId} as="h2" className="h5">
          {props.title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{props.children}</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={props.onCancel} disabled={props.busy}>
          Cancel
        </Button>
        <Button
          variant={props.danger ? 'danger' : 'primary'}
          onClick={props.onConfirm}
          disabled={props.busy}
        >
          {props.busy ? 'Working…' : props.confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
