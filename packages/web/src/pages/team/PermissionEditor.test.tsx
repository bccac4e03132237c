// @vitest-environment happy-dom
import { KNOWN_PERMISSIONS, PERMISSION_DESCRIPTIONS, TEAM_MESSAGES } from '@printloom/core';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { type MemberAccess, PermissionEditor } from './PermissionEditor.js';

afterEach(cleanup);

const STORES = [
  { id: 3, name: 'Cat Shirts' },
  { id: 9, name: 'Dog Mugs' },
];

/** The editor holding its value, reporting each change. */
function Harness({ initial, seen }: { initial: MemberAccess; seen: MemberAccess[] }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionEditor
      value={value}
      stores={STORES}
      onChange={(next) => {
        seen.push(next);
        setValue(next);
      }}
    />
  );
}

describe('PermissionEditor', () => {
  it('lists every known permission with the sentence of what it allows', () => {
    render(<Harness initial={{ permissions: [], store_ids: null }} seen={[]} />);
    for (const permission of KNOWN_PERMISSIONS) {
      const box = screen.getByRole('checkbox', { name: new RegExp(permission) });
      expect(box.closest('.form-check')?.textContent).toContain(
        PERMISSION_DESCRIPTIONS[permission],
      );
    }
    expect(screen.getAllByRole('checkbox')).toHaveLength(KNOWN_PERMISSIONS.length);
  });

  it('toggles permissions from the keyboard, kept in the table order', async () => {
    const user = userEvent.setup();
    const seen: MemberAccess[] = [];
    render(<Harness initial={{ permissions: ['get_users'], store_ids: null }} seen={seen} />);
    screen.getByRole('checkbox', { name: /get_orders/ }).focus();
    await user.keyboard(' ');
    expect(seen.at(-1)?.permissions).toEqual(['get_orders', 'get_users']);
    await user.click(screen.getByRole('checkbox', { name: /get_users/ }));
    expect(seen.at(-1)?.permissions).toEqual(['get_orders']);
  });

  it('limits to chosen stores, and back to every store', async () => {
    const user = userEvent.setup();
    const seen: MemberAccess[] = [];
    render(<Harness initial={{ permissions: [], store_ids: null }} seen={seen} />);
    expect(screen.queryByRole('checkbox', { name: 'Dog Mugs' })).toBeNull();
    await user.click(screen.getByRole('radio', { name: 'Only the stores chosen below' }));
    expect(seen.at(-1)?.store_ids).toEqual([]);
    expect(screen.getByText(TEAM_MESSAGES.noStoreChosen)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Dog Mugs' }));
    await user.click(screen.getByRole('checkbox', { name: 'Cat Shirts' }));
    expect(seen.at(-1)?.store_ids).toEqual([3, 9]);
    await user.click(screen.getByRole('checkbox', { name: 'Dog Mugs' }));
    expect(seen.at(-1)?.store_ids).toEqual([3]);
    await user.click(screen.getByRole('radio', { name: 'Every store of the account' }));
    expect(seen.at(-1)?.store_ids).toBeNull();
  });
});
