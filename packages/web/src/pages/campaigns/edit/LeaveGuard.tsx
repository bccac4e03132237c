import { useEffect } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useBlocker } from 'react-router';

/**
 * Unsaved changes stay unless the seller says so: leaving the page inside the dashboard asks
 * first, and closing or reloading the tab gets the browser's own question.
 */
export function LeaveGuard({ when }: { when: () => boolean }) {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      when() && currentLocation.pathname !== nextLocation.pathname,
  );
  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!when()) return;
      event.preventDefault();
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [when]);
  const open = blocker.state === 'blocked';
  return (
    <Modal show={open} onHide={() => blocker.reset?.()} aria-labelledby="leave-guard-title">
      <Modal.Header closeButton>
        <Modal.Title id="leave-guard-title">Leave without saving?</Modal.Title>
      </Modal.Header>
      <Modal.Body>This campaign has changes that are not saved yet. They will be lost.</Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={() => blocker.reset?.()} autoFocus>
          Stay
        </Button>
        <Button variant="danger" onClick={() => blocker.proceed?.()}>
          Leave
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
