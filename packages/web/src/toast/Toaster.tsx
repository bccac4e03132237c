import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useStore } from '../state/useStore.js';
import { toasts } from './toastStore.js';

/** Toasts bottom-right (spec §9), each closing after its own duration. */
export function Toaster() {
  const list = useStore(toasts);
  return (
    <ToastContainer position="bottom-end" className="p-3 position-fixed" style={{ zIndex: 2000 }}>
      {list.map((toast) => (
        <Toast
          key={toast.id}
          bg={toast.variant}
          autohide
          delay={toast.durationMs}
          onClose={() => toasts.dismiss(toast.id)}
          data-testid="toast"
        >
          <Toast.Header closeButton>
            <strong className="me-auto">{toast.title ?? titleOf(toast.variant)}</strong>
          </Toast.Header>
          <Toast.Body className={toast.variant === 'warning' ? '' : 'text-white'}>
            {toast.lines.length === 1 ? (
              toast.lines[0]
            ) : (
              <ul className="mb-0 ps-3">
                {toast.lines.map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            )}
          </Toast.Body>
        </Toast>
      ))}
    </ToastContainer>
  );
}

function titleOf(variant: string): string {
  if (variant === 'danger') return 'Error';
  if (variant === 'success') return 'Success';
  if (variant === 'warning') return 'Warning';
  return 'Notice';
}
