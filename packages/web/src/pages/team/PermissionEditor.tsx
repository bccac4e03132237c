import {
  KNOWN_PERMISSIONS,
  PERMISSION_DESCRIPTIONS,
  TEAM_MESSAGES,
  type TeamPermission,
} from '@printloom/core';
import { useId } from 'react';
import Form from 'react-bootstrap/Form';

/** What a member may do: their permissions and, optionally, the only stores they may touch. */
export interface MemberAccess {
  permissions: TeamPermission[];
  /** null: every store of the account. */
  store_ids: number[] | null;
}

export interface StoreChoice {
  id: number;
  name: string;
}

/**
 * Every known permission with the sentence of what it allows, and the store limit: "every
 * store" or a chosen set. Native checkboxes and radios, each with its label, so the whole editor
 * works from the keyboard and reads well to a screen reader.
 */
export function PermissionEditor({
  value,
  stores,
  onChange,
  idPrefix,
}: {
  value: MemberAccess;
  stores: readonly StoreChoice[];
  onChange: (next: MemberAccess) => void;
  idPrefix?: string;
}) {
  const generated = useId();
  const prefix = idPrefix ?? generated;
  const limited = value.store_ids !== null;
  const togglePermission = (permission: TeamPermission, on: boolean) =>
    onChange({
      ...value,
      permissions: on
        ? KNOWN_PERMISSIONS.filter((p) => p === permission || value.permissions.includes(p))
        : value.permissions.filter((p) => p !== permission),
    });
  const toggleStore = (id: number, on: boolean) => {
    const current = value.store_ids ?? [];
    onChange({
      ...value,
      store_ids: on ? [...current, id].sort((a, b) => a - b) : current.filter((s) => s !== id),
    });
  };

  return (
    <>
      <fieldset className="mb-3" data-testid="permission-editor">
        <legend className="form-label fs-6 fw-semibold">Permissions</legend>
        {KNOWN_PERMISSIONS.map((permission) => (
          <Form.Check
            key={permission}
            id={`${prefix}-perm-${permission}`}
            className="mb-2"
            checked={value.permissions.includes(permission)}
            onChange={(event) => togglePermission(permission, event.target.checked)}
            label={
              <>
                <code className="small">{permission}</code>
                <span className="d-block small text-body-secondary">
                  {PERMISSION_DESCRIPTIONS[permission]}
                </span>
              </>
            }
          />
        ))}
      </fieldset>
      <fieldset className="mb-3">
        <legend className="form-label fs-6 fw-semibold">Stores</legend>
        <Form.Check
          type="radio"
          id={`${prefix}-stores-all`}
          name={`${prefix}-stores`}
          label="Every store of the account"
          checked={!limited}
          onChange={() => onChange({ ...value, store_ids: null })}
        />
        <Form.Check
          type="radio"
          id={`${prefix}-stores-some`}
          name={`${prefix}-stores`}
          label="Only the stores chosen below"
          checked={limited}
          disabled={stores.length === 0}
          onChange={() => onChange({ ...value, store_ids: [] })}
        />
        {limited ? (
          <div className="ms-4 mt-2">
            {stores.map((store) => (
              <Form.Check
                key={store.id}
                id={`${prefix}-store-${store.id}`}
                label={store.name}
                checked={value.store_ids?.includes(store.id) ?? false}
                onChange={(event) => toggleStore(store.id, event.target.checked)}
              />
            ))}
            {value.store_ids?.length === 0 ? (
              <p className="small text-warning-emphasis mb-0">{TEAM_MESSAGES.noStoreChosen}</p>
            ) : null}
          </div>
        ) : null}
      </fieldset>
    </>
  );
}
