import { useState } from 'react';
import Button from 'react-bootstrap/Button';

/**
 * The two-factor recovery codes, shown once right after two-factor is confirmed: the server
 * keeps only their hashes. Each signs in once in place of an app code.
 */
export function RecoveryCodes({ codes, onDone }: { codes: readonly string[]; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(codes.join('\n')).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <div className="alert alert-success" role="status" data-testid="recovery-codes">
      <h2 className="h5">Two-factor authentication is on</h2>
      <p>
        Store these recovery codes somewhere safe. Each one signs you in once if you lose your
        authenticator app. They are shown only now.
      </p>
      <ul
        className="list-unstyled font-monospace row row-cols-2 g-1 mb-3"
        style={{ maxWidth: 320 }}
      >
        {codes.map((code) => (
          <li key={code} className="col">
            {code}
          </li>
        ))}
      </ul>
      <div className="d-flex gap-2 align-items-center">
        <Button variant="outline-secondary" size="sm" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy codes'}
        </Button>
        <Button variant="success" size="sm" onClick={onDone}>
          I have stored them
        </Button>
        {copied === 'failed' ? (
          <span className="small">Copying was refused: select the codes and copy them.</span>
        ) : null}
      </div>
    </div>
  );
}
