import {
  EMAIL_GATEWAY_DRIVERS,
  EMAIL_GATEWAY_LABELS,
  type EmailGateway,
  type EmailGatewayBody,
  EmailGatewayDriver,
  EmailGatewayTestBody,
  MailgunCredentials,
  SesCredentials,
  SmtpCredentials,
} from '@printloom/core';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import type { FieldPath } from 'react-hook-form';
import { z } from 'zod';
import {
  useDeleteEmailGateway,
  useEmailGateways,
  useSaveEmailGateway,
  useTestEmailGateway,
} from '../../api/hooks/useEmailGateways.js';
import { useStores } from '../../api/hooks/useStores.js';
import { fieldError, type SchemaForm, useApiForm } from '../../forms/useApiForm.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

const common = {
  name: z.string().trim().min(1, 'name is required').max(120),
  /** '' for every store, else the store id. */
  store: z.string(),
};
/** One flat form per driver: the gateway's name and store beside the driver's credentials. */
const FORMS = {
  smtp: SmtpCredentials.extend({
    ...common,
    port: z.coerce.number<string>().int().min(1).max(65535),
  }),
  mailgun: MailgunCredentials.extend(common),
  ses: SesCredentials.extend(common),
} as const;

interface FieldSpec {
  name: string;
  label: string;
  type?: 'text' | 'password' | 'email' | 'number' | 'checkbox' | 'region';
  help?: string;
}
const FIELDS: Record<EmailGatewayDriver, FieldSpec[]> = {
  smtp: [
    { name: 'host', label: 'Host' },
    { name: 'port', label: 'Port', type: 'number' },
    { name: 'secure', label: 'Use TLS from the start (port 465)', type: 'checkbox' },
    { name: 'username', label: 'Username (optional)' },
    { name: 'password', label: 'Password (optional)', type: 'password' },
    { name: 'from', label: 'From address', type: 'email' },
  ],
  mailgun: [
    { name: 'domain', label: 'Sending domain' },
    { name: 'api_key', label: 'API key', type: 'password' },
    { name: 'region', label: 'Region', type: 'region' },
    { name: 'from', label: 'From address', type: 'email' },
  ],
  ses: [
    { name: 'region', label: 'AWS region', help: 'e.g. us-east-1' },
    { name: 'access_key_id', label: 'Access key ID' },
    { name: 'secret_access_key', label: 'Secret access key', type: 'password' },
    { name: 'from', label: 'From address (verified in SES)', type: 'email' },
  ],
};

const DEFAULTS = {
  smtp: {
    name: '',
    store: '',
    host: '',
    port: '587',
    secure: false,
    username: '',
    password: '',
    from: '',
  },
  mailgun: { name: '', store: '', domain: '', api_key: '', region: 'us', from: '' },
  ses: {
    name: '',
    store: '',
    region: 'us-east-1',
    access_key_id: '',
    secret_access_key: '',
    from: '',
  },
} as const;

/**
 * Email Gateways (`/settings/email-gateways`): the seller's own SMTP, Mailgun or SES account for
 * the mail of their stores. Credentials are shown masked (the server keeps them sealed) and must
 * be entered again to change a gateway. A gateway for "every store" serves each store without its
 * own; a test send goes through the gateway and shows the provider's answer.
 */
export function EmailGatewaysPage() {
  const title = usePageTitle();
  const gateways = useEmailGateways();
  const stores = useStores();
  const remove = useDeleteEmailGateway();
  const [editing, setEditing] = useState<EmailGateway | 'new' | null>(null);
  const [testing, setTesting] = useState<EmailGateway | null>(null);
  const rows = gateways.data ?? [];
  const storeName = (id: number | null) =>
    id === null
      ? 'Every store'
      : (stores.data?.find((store) => store.id === id)?.name ?? `Store #${id}`);

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        {editing === null ? (
          <Button onClick={() => setEditing('new')}>Add email gateway</Button>
        ) : null}
      </div>
      <p className="text-body-secondary">
        Mail of a store (order mails, abandoned-cart mails, campaigns) goes through its own gateway,
        else through the gateway for every store, else through Printloom's mail service.
      </p>
      <FormError error={gateways.error ?? remove.error} />
      {editing !== null ? (
        <GatewayForm
          key={editing === 'new' ? 'new' : editing.id}
          gateway={editing === 'new' ? null : editing}
          stores={stores.data ?? []}
          onDone={() => setEditing(null)}
        />
      ) : null}
      {gateways.isPending ? <p aria-busy="true">Loading email gateways…</p> : null}
      {gateways.isSuccess && rows.length === 0 && editing === null ? (
        <div className="text-center py-5" data-testid="list-empty">
          <p className="mb-3">No email gateway yet: your stores' mail goes through Printloom.</p>
          <Button onClick={() => setEditing('new')}>Add your first gateway</Button>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <table className="table align-middle" data-testid="email-gateways">
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Driver</th>
                <th scope="col">Store</th>
                <th scope="col">Credentials</th>
                <th scope="col">Last test</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((gateway) => (
                <tr key={gateway.id} data-testid="email-gateway">
                  <td>{gateway.name}</td>
                  <td>{EMAIL_GATEWAY_LABELS[gateway.driver]}</td>
                  <td>{storeName(gateway.store_id)}</td>
                  <td className="small">
                    {Object.entries(gateway.credentials)
                      .map(([key, value]) => `${key}: ${String(value)}`)
                      .join(' · ')}
                  </td>
                  <td className="small">
                    {gateway.last_test_ok === null ? (
                      'Not tested'
                    ) : gateway.last_test_ok ? (
                      <span className="badge text-bg-success">Sent</span>
                    ) : (
                      <span className="text-danger">{gateway.last_test_message}</span>
                    )}
                  </td>
                  <td className="text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-1"
                      onClick={() => setTesting(gateway)}
                      aria-label={`Send a test mail through ${gateway.name}`}
                    >
                      Test
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      className="me-1"
                      onClick={() => setEditing(gateway)}
                      aria-label={`Change ${gateway.name}`}
                    >
                      Change
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      disabled={remove.isPending}
                      onClick={() => {
                        if (window.confirm(`Delete the gateway "${gateway.name}"?`)) {
                          remove.mutate(gateway.id);
                        }
                      }}
                      aria-label={`Delete ${gateway.name}`}
                    >
                      Delete
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
      {testing ? <TestDialog gateway={testing} onClose={() => setTesting(null)} /> : null}
    </>
  );
}

function GatewayForm(props: {
  gateway: EmailGateway | null;
  stores: ReadonlyArray<{ id: number; name: string }>;
  onDone: () => void;
}) {
  const [driver, setDriver] = useState<EmailGatewayDriver>(props.gateway?.driver ?? 'smtp');
  const driverId = useId();
  return (
    <div className="card card-body mb-4" style={{ maxWidth: 640 }}>
      <h2 className="h5">
        {props.gateway ? `Change ${props.gateway.name}` : 'Add an email gateway'}
      </h2>
      {props.gateway ? (
        <p className="small text-body-secondary">
          Saved credentials are never shown again: enter them all to save a change.
        </p>
      ) : null}
      <Form.Group className="mb-3" controlId={driverId}>
        <Form.Label>Driver</Form.Label>
        <Form.Select
          value={driver}
          onChange={(event) => setDriver(EmailGatewayDriver.parse(event.target.value))}
        >
          {EMAIL_GATEWAY_DRIVERS.map((option) => (
            <option key={option} value={option}>
              {EMAIL_GATEWAY_LABELS[option]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <DriverForm key={driver} driver={driver} {...props} />
    </div>
  );
}

function DriverForm(props: {
  driver: EmailGatewayDriver;
  gateway: EmailGateway | null;
  stores: ReadonlyArray<{ id: number; name: string }>;
  onDone: () => void;
}) {
  const save = useSaveEmailGateway();
  const schema = FORMS[props.driver] as typeof FORMS.mailgun;
  const shown = props.gateway?.driver === props.driver ? props.gateway : null;
  const { form, formError } = useApiForm({
    schema,
    defaultValues: {
      ...(DEFAULTS[props.driver] as z.input<typeof FORMS.mailgun>),
      name: props.gateway?.name ?? '',
      store: props.gateway?.store_id ? String(props.gateway.store_id) : '',
      ...(shown ? { from: shown.from } : {}),
    },
    serverError: save.error,
  });
  const id = useId();
  const submit = form.handleSubmit((values) => {
    const { name, store, ...credentials } = values as Record<string, unknown> & {
      name: string;
      store: string;
    };
    const body = {
      name,
      store_id: store ? Number(store) : null,
      driver: props.driver,
      credentials,
    } as EmailGatewayBody;
    save.mutate({ id: props.gateway?.id ?? null, body }, { onSuccess: props.onDone });
  });
  return (
    <Form onSubmit={submit} noValidate>
      <FormError error={formError} />
      <TextField form={form} spec={{ name: 'name', label: 'Name' }} id={id} />
      <Form.Group className="mb-3" controlId={`${id}-store`}>
        <Form.Label>Used for</Form.Label>
        <Form.Select {...form.register('store')}>
          <option value="">Every store without its own gateway</option>
          {props.stores.map((store) => (
            <option key={store.id} value={String(store.id)}>
              {store.name}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {FIELDS[props.driver].map((spec) => (
        <TextField key={spec.name} form={form} spec={spec} id={id} />
      ))}
      <div className="d-flex gap-2">
        <Button type="submit" disabled={save.isPending}>
          {props.gateway ? 'Save changes' : 'Add gateway'}
        </Button>
        <Button variant="outline-secondary" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}

function TextField({
  form,
  spec,
  id,
}: {
  form: SchemaForm<typeof FORMS.mailgun>;
  spec: FieldSpec;
  id: string;
}) {
  const name = spec.name as FieldPath<z.input<typeof FORMS.mailgun>>;
  const message = fieldError(form, name);
  const controlId = `${id}-${spec.name}`;
  if (spec.type === 'checkbox') {
    return (
      <Form.Check
        className="mb-3"
        type="checkbox"
        id={controlId}
        label={spec.label}
        {...form.register(name)}
      />
    );
  }
  if (spec.type === 'region') {
    return (
      <Form.Group className="mb-3" controlId={controlId}>
        <Form.Label>{spec.label}</Form.Label>
        <Form.Select {...form.register(name)}>
          <option value="us">US (api.mailgun.net)</option>
          <option value="eu">EU (api.eu.mailgun.net)</option>
        </Form.Select>
      </Form.Group>
    );
  }
  return (
    <Form.Group className="mb-3" controlId={controlId}>
      <Form.Label>{spec.label}</Form.Label>
      <Form.Control
        type={spec.type ?? 'text'}
        autoComplete={spec.type === 'password' ? 'new-password' : 'off'}
        isInvalid={message !== undefined}
        {...form.register(name)}
      />
      {spec.help ? <Form.Text>{spec.help}</Form.Text> : null}
      <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>
    </Form.Group>
  );
}

function TestDialog({ gateway, onClose }: { gateway: EmailGateway; onClose: () => void }) {
  const test = useTestEmailGateway();
  const { form, formError } = useApiForm({
    schema: EmailGatewayTestBody,
    defaultValues: { to: '' },
    serverError: test.error,
  });
  const id = useId();
  const message = fieldError(form, 'to');
  return (
    <Modal show onHide={onClose} aria-labelledby={`${id}-title`}>
      <Form
        noValidate
        onSubmit={form.handleSubmit((body) => test.mutate({ id: gateway.id, body }))}
      >
        <Modal.Header closeButton>
          <Modal.Title id={`${id}-title`}>Test {gateway.name}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <FormError error={formError} />
          {test.isSuccess ? (
            <div className="alert alert-success py-2" role="status">
              The gateway accepted the test mail
              {test.data.message_id ? ` (message id ${test.data.message_id})` : ''}.
            </div>
          ) : null}
          <Form.Group controlId={`${id}-to`}>
            <Form.Label>Send a test mail to</Form.Label>
            <Form.Control type="email" isInvalid={message !== undefined} {...form.register('to')} />
            <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>
          </Form.Group>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onClose}>
            Close
          </Button>
          <Button type="submit" disabled={test.isPending}>
            {test.isPending ? 'Sending…' : 'Send test'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
