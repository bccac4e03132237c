// @vitest-environment happy-dom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { RowActionDialog, type RowMutation } from './RowActionDialog.js';

afterEach(cleanup);

/** A mutation that refuses the first call and succeeds on the next, recording the ids sent. */
function flakyDelete(calls: number[]): RowMutation {
  let error: unknown = null;
  return {
    mutate(id, options) {
      calls.push(id);
      if (calls.length === 1) error = new Error('The key is in use by a running export.');
      else options.onSuccess();
    },
    reset() {
      error = null;
    },
    isPending: false,
    get error() {
      return error;
    },
  };
}

function Harness({ action }: { action: RowMutation }) {
  const [row, setRow] = useState<{ id: number; name: string } | null>({ id: 7, name: 'Nightly' });
  const [, rerender] = useState(0);
  return (
    <>
      <RowActionDialog
        id="revoke"
        title="Revoke API key"
        actionLabel="Revoke"
        row={row}
        action={{
          ...action,
          error: action.error,
          mutate: (id, options) => {
            action.mutate(id, options);
            rerender((n) => n + 1);
          },
        }}
        onClose={() => setRow(null)}
      >
        Revoke <strong>{row?.name}</strong>?
      </RowActionDialog>
      <output data-testid="open">{row ? 'open' : 'closed'}</output>
    </>
  );
}

describe('RowActionDialog', () => {
  it('keeps a refusal in the dialog, and closes once the change went through', async () => {
    const calls: number[] = [];
    render(<Harness action={flakyDelete(calls)} />);
    const dialog = await screen.findByRole('dialog', { name: 'Revoke API key' });
    expect(dialog.textContent).toContain('Revoke Nightly?');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect((await screen.findByTestId('form-error')).textContent).toContain(
      'The key is in use by a running export.',
    );
    expect(screen.getByTestId('open').textContent).toBe('open');
    await userEvent.click(screen.getByRole('button', { name: 'Revoke' }));
    expect(calls).toEqual([7, 7]);
    expect(screen.getByTestId('open').textContent).toBe('closed');
  });
});
