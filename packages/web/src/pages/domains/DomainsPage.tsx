import {
  can,
  DOMAIN_MESSAGES,
  type DomainView,
  normaliseDomain,
  pagePath,
  userDateTime,
} from '@printloom/core';
import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useAddDomain,
  useDomains,
  useMakePrimaryDomain,
  useRemoveDomain,
  useVerifyDomain,
} from '../../api/hooks/useDomains.js';
import { useStores } from '../../api/hooks/useStores.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * Domains (spec §2 /domains): add a custom domain to a store, see the DNS records to create
 * (a TXT record that proves the domain, a CNAME that sends buyers to the store), verify them
 * with a DNS lookup, make a verified domain the store's primary address, remove one after
 * confirming. Members without update_campaign see the domains and their records only.
 */
export function DomainsPage() {
  const title = usePageTitle();
  const user = useMe();
  const mayChange = user ? can(user, 'update_campaign') : false;
  const domains = useDomains();
  const [removing, setRemoving] = useState<DomainView | null>(null);
  const remove = useRemoveDomain();
  const rows = domains.data ?? [];
  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      {mayChange ? <AddDomainForm /> : null}
      <ListLoadError error={domains.error} onRetry={() => void domains.refetch()} />
      {domains.isPending ? (
        <div role="status" className="d-flex align-items-center gap-2">
          <Spinner size="sm" aria-hidden="true" /> Loading domains…
        </div>
      ) : null}
      {domains.isSuccess && rows.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          No custom domains yet. Add one to sell on your own address.
        </p>
      ) : null}
      <div className="d-flex flex-column gap-3">
        {rows.map((domain) => (
          <DomainCard
            key={domain.id}
            domain={domain}
            mayChange={mayChange}
            utcOffset={user?.utc_offset ?? 0}
            onRemove={() => setRemoving(domain)}
          />
        ))}
      </div>
      <ConfirmDialog
        show={removing !== null}
        title="Remove domain"
        confirmLabel="Remove domain"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
        }}
      >
        <FormError error={remove.error} />
        <p className="mb-0">
          {removing?.is_primary
            ? `${removing.hostname} is the primary address of ${removing.store_name}; the store goes back to its platform address.`
            : `${removing?.hostname ?? ''} will no longer serve ${removing?.store_name ?? 'the store'}.`}
        </p>
      </ConfirmDialog>
    </>
  );
}

function AddDomainForm() {
  const stores = useStores();
  const add = useAddDomain();
  const storeId = useId();
  const hostId = useId();
  const [store, setStore] = useState('');
  const [hostname, setHostname] = useState('');
  const shown = stores.data ?? [];
  const chosen = store || String(shown[0]?.id ?? '');
  const problem =
    hostname.trim() !== '' && normaliseDomain(hostname) === null ? DOMAIN_MESSAGES.invalid : null;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate({ store_id: Number(chosen), hostname }, { onSuccess: () => setHostname('') });
  };
  if (stores.isSuccess && shown.length === 0) {
    return (
      <p>
        <Link to={pagePath('all_stores')}>Create a store</Link> first, then add its domain here.
      </p>
    );
  }
  return (
    <Form onSubmit={submit} className="card card-body mb-3" noValidate>
      <h2 className="h5">Add a domain</h2>
      <FormError error={add.error} />
      <div className="row g-2 align-items-end">
        <Form.Group className="col-sm-4" controlId={storeId}>
          <Form.Label>Store</Form.Label>
          <Form.Select value={chosen} onChange={(e) => setStore(e.target.value)}>
            {shown.map((s) => (
              <option key={s.id} value={s.id}>
                {s.name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-sm-5" controlId={hostId}>
          <Form.Label>Domain</Form.Label>
          <Form.Control
            value={hostname}
            placeholder="shop.example.com"
            isInvalid={problem !== null}
            onChange={(e) => setHostname(e.target.value)}
          />
          <Form.Control.Feedback type="invalid">{problem}</Form.Control.Feedback>
        </Form.Group>
        <div className="col-sm-3">
          <Button
            type="submit"
            disabled={add.isPending || hostname.trim() === '' || problem !== null || !chosen}
          >
            Add domain
          </Button>
        </div>
      </div>
    </Form>
  );
}

function DomainCard({
  domain,
  mayChange,
  utcOffset,
  onRemove,
}: {
  domain: DomainView;
  mayChange: boolean;
  utcOffset: number;
  onRemove: () => void;
}) {
  const verify = useVerifyDomain();
  const primary = useMakePrimaryDomain();
  const verified = domain.status === 'verified';
  return (
    <section className="card" aria-label={domain.hostname} data-testid="domain-card">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h2 className="h5 mb-0 me-2">{domain.hostname}</h2>
          <span className={`badge ${verified ? 'text-bg-success' : 'text-bg-warning'}`}>
            {verified ? 'Verified' : 'Pending verification'}
          </span>
          {domain.is_primary ? <span className="badge text-bg-primary">Primary</span> : null}
          <span className="text-body-secondary small me-auto">for {domain.store_name}</span>
          {mayChange ? (
            <>
              <Button
                size="sm"
                variant="outline-primary"
                disabled={verify.isPending}
                aria-label={`Verify ${domain.hostname}`}
                onClick={() => verify.mutate(domain.id)}
              >
                {verify.isPending ? 'Checking DNS…' : 'Verify'}
              </Button>
              {verified && !domain.is_primary ? (
                <Button
                  size="sm"
                  variant="outline-secondary"
                  disabled={primary.isPending}
                  aria-label={`Make ${domain.hostname} primary`}
                  onClick={() => primary.mutate(domain.id)}
                >
                  Make primary
                </Button>
              ) : null}
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Remove ${domain.hostname}`}
                onClick={onRemove}
              >
                Remove
              </Button>
            </>
          ) : null}
        </div>
        <FormError error={verify.error ?? primary.error} />
        {domain.last_error ? (
          <p className="text-danger small mb-2" data-testid="domain-problem">
            {domain.last_error}
          </p>
        ) : null}
        {domain.last_checked_at ? (
          <p className="small text-body-secondary mb-2">
            Last checked {userDateTime(domain.last_checked_at, utcOffset)}
          </p>
        ) : null}
        <p className="small mb-1">Create these records at your domain's DNS host:</p>
        <div className="table-responsive">
          <Table size="sm" className="mb-0 align-middle">
            <thead>
              <tr>
                <th scope="col">Type</th>
                <th scope="col">Name</th>
                <th scope="col">Value</th>
                <th scope="col">For</th>
              </tr>
            </thead>
            <tbody>
              {domain.records.map((record) => (
                <tr key={record.type}>
                  <td>{record.type}</td>
                  <td className="text-break">
                    <code>{record.name}</code>
                  </td>
                  <td className="text-break">
                    <code>{record.value}</code>
                  </td>
                  <td className="small">{record.purpose}</td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      </div>
    </section>
  );
}
