import { type ReactNode, useState } from 'react';
import Alert from 'react-bootstrap/Alert';
import { alertType } from './alertType.js';

/** The alert box (spec §2): eight Bootstrap types, unknown types as info, optional dismiss. */
export function AlertBox({
  type,
  dismissible = false,
  children,
}: {
  type?: string;
  dismissible?: boolean;
  children: ReactNode;
}) {
  const [shown, setShown] = useState(true);
  if (!shown) return null;
  return (
    <Alert variant={alertType(type)} dismissible={dismissible} onClose={() => setShown(false)}>
      {children}
    </Alert>
  );
}
