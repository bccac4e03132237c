import {
  API_KEY_MESSAGES,
  API_KEY_NAME_MAX_LENGTH,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
  can,
  KNOWN_PERMISSIONS,
  PERMISSION_DESCRIPTIONS,
  userDate,
} from '@printloom/core';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useApiKeys, useCreateApiKey, useRevokeApiKey } from '../../api/hooks/useApiKeys.js';
import { useMe } from '../../api/hooks/useAuth.js';
import { RowActionDialog } from '../../lists/RowActionDialog.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * API keys (Settings): long-lived credentials for scripts, CI and worker fleets. A new key is
 * shown once with a copy button; the list shows only each key's first characters. Revoking
 * asks first, then the key stops working at once.
 */
export function ApiKeysPage() {
  const title = usePageTitle();
  const list = useApiKeys();
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);
  const keys = list.data ?? [];

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <p className="text-body-secondary" style={{ maxWidth: 720 }}>
        An API key lets a script, a CI job or a <code>printloom</code> worker act for this account
        with only the permissions you give it. Use it as{' '}
        <code>Authorization: Bearer &lt;key&gt;</code> or with{' '}
        <code>printloom login --api-key</code>.
      </p>

      <CreateKeyForm onCreated={setCreated} />
      {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}

      <FormError error={list.error} />
      <div className="table-responsive">
        <Table className="align-middle" aria-busy={list.isFetching}>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Key</th>
              <th scope="col">Scopes</th>
              <th scope="col">Created</th>
              <th scope="col">Last used</th>
              <th scope="col">
                <span className="visually-hidden">Actions</span>
              </th>
            </tr>
          </thead>
          <tbody data-testid="api-key-rows">
            {keys.map((key) => (
              <KeyRow key={key.id} apiKey={key} onRevoke={() => setRevoking(key)} />
            ))}
          </tbody>
        </Table>
      </div>
      {list.isSuccess && keys.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          No API keys yet.
        </p>
      ) : null}

      <RevokeDialog apiKey={revoking} onClose={() => setRevoking(null)} />
    </>
  );
}

function KeyRow({ apiKey, onRevoke }: { apiKey: ApiKey; onRevoke: () => void }) {
  const utcOffset = useMe()?.utc_offset ?? 0;
  return (
    <tr>
      <td>{apiKey.name}</td>
      <td>
        <code>{apiKey.prefix}…</code>
      </td>
      <td>{apiKey.scopes.length > 0 ? apiKey.scopes.join(', ') : 'none'}</td>
      <td>{userDate(apiKey.created_at, utcOffset)}</td>
      <td>{apiKey.last_used_at ? userDate(apiKey.last_used_at, utcOffset) : 'Never'}</td>
      <td className="text-end">
        <Button size="sm" variant="outline-danger" onClick={onRevoke}>
          Revoke
        </Button>
      </td>
    </tr>
  );
}

function CreateKeyForm({ onCreated }: { onCreated: (created: ApiKeyCreated) => void }) {
  const user = useMe();
  const create = useCreateApiKey();
  const nameId = useId();
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>([]);
  // A team member can only hand out what they may do themselves (the server checks it too).
  const grantable = KNOWN_PERMISSIONS.filter((scope) => (user ? can(user, scope) : false));

  const toggle = (scope: ApiKeyScope, on: boolean) =>
    setScopes((current) => (on ? [...current, scope] : current.filter((s) => s !== scope)));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate(
      { name, scopes },
      {
        onSuccess: (answer) => {
          setName('');
          setScopes([]);
          onCreated(answer);
        },
      },
    );
  };

  return (
    <Form className="card card-body mb-4" style={{ maxWidth: 720 }} onSubmit={submit}>
      <h2 className="h5">Create a key</h2>
      <FormError error={create.error} />
      <Form.Group className="mb-3" controlId={nameId}>
        <Form.Label>Name</Form.Label>
        <Form.Control
          value={name}
          maxLength={API_KEY_NAME_MAX_LENGTH}
          placeholder="e.g. Worker fleet"
          onChange={(event) => setName(event.target.value)}
          required
        />
      </Form.Group>
      <fieldset className="mb-3">
        <legend className="form-label fs-6">Scopes</legend>
        {grantable.map((scope) => (
          <Form.Check
            key={scope}
            id={`scope-${scope}`}
            label={
              <>
                {PERMISSION_DESCRIPTIONS[scope]} <code className="small">{scope}</code>
              </>
            }
            checked={scopes.includes(scope)}
            onChange={(event) => toggle(scope, event.target.checked)}
          />
        ))}
      </fieldset>
      <div>
        <Button type="submit" disabled={create.isPending || name.trim() === ''}>
          Create key
        </Button>
      </div>
    </Form>
  );
}

/** The new key, once: after this box is closed it cannot be seen again. */
function NewKey({ created, onDone }: { created: ApiKeyCreated; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(created.key).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <div className="alert alert-success" role="status" style={{ maxWidth: 720 }}>
      <p className="mb-2">
        <strong>{created.name}</strong>: {API_KEY_MESSAGES.created}
      </p>
      <div className="input-group mb-2">
        <input
          className="form-control font-monospace"
          readOnly
          value={created.key}
          aria-label="New API key"
          onFocus={(event) => event.target.select()}
        />
        <Button variant="outline-secondary" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {copied === 'failed' ? (
        <p className="small mb-2">Copying was refused: select the key and copy it yourself.</p>
      ) : null}
      <Button size="sm" variant="success" onClick={onDone}>
        I have stored it
      </Button>
    </div>
  );
}

function RevokeDialog({ apiKey, onClose }: { apiKey: ApiKey | null; onClose: () => void }) {
  return (
    <RowActionDialog
      id="revoke-api-key"
      title="Revoke API key"
      actionLabel="Revoke"
      row={apiKey}
      action={useRevokeApiKey()}
      onClose={onClose}
    >
      Revoke <strong>{apiKey?.name}</strong> (<code>{apiKey?.prefix}…</code>)? Everything using it
      stops working at once. This cannot be undone.
    </RowActionDialog>
  );
}
