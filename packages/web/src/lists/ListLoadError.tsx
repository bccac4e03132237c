import { errorMessage } from '@printloom/core';
import Button from 'react-bootstrap/Button';

/** A list that failed to load: the §8 message and a "Try again" that asks once more. */
export function ListLoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  if (!error) return null;
  return (
    <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
      <span className="flex-grow-1" data-testid="list-error">
        {errorMessage(error)}
      </span>
      <Button size="sm" variant="outline-danger" onClick={onRetry}>
        Try again
      </Button>
    </div>
  );
}
