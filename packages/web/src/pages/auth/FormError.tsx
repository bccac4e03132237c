import { errorMessage } from '@printloom/core';

/** The §8 message of a failed call, announced to screen readers. */
export function FormError({ error }: { error: unknown }) {
  if (!error) return null;
  return (
    <div className="alert alert-danger py-2" role="alert" data-testid="form-error">
      {errorMessage(error)}
    </div>
  );
}
