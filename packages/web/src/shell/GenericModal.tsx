import type { ReactNode } from 'react';
import Modal from 'react-bootstrap/Modal';

export type ModalSize = 'sm' | 'lg' | 'xl';

export interface GenericModalProps {
  id: string;
  show: boolean;
  title?: ReactNode;
  footer?: ReactNode;
  size?: ModalSize;
  scrollable?: boolean;
  centered?: boolean;
  /** Emitted with the modal's id once it has closed (spec §2 generic modal). */
  onClosed?: (id: string) => void;
  onHide: () => void;
  children: ReactNode;
}

/**
 * The generic modal (spec §2): sizes sm/lg/xl, optional scrolling, centring, header and footer.
 * Bootstrap's modal closes on Escape and keeps focus inside while open.
 */
export function GenericModal(props: GenericModalProps) {
  const labelId = `${props.id}-title`;
  return (
    <Modal
      id={props.id}
      show={props.show}
      onHide={props.onHide}
      onExited={() => props.onClosed?.(props.id)}
      size={props.size}
      scrollable={props.scrollable}
      centered={props.centered}
      aria-labelledby={props.title ? labelId : undefined}
      keyboard
      enforceFocus
    >
      {props.title ? (
        <Modal.Header closeButton>
          <Modal.Title id={labelId}>{props.title}</Modal.Title>
        </Modal.Header>
      ) : null}
      <Modal.Body>{props.children}</Modal.Body>
      {props.footer ? <Modal.Footer>{props.footer}</Modal.Footer> : null}
    </Modal>
  );
}
