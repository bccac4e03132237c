import { zodResolver } from '@hookform/resolvers/zod';
import {
  PAYMENT_METHOD_FIELDS,
  PAYMENT_METHOD_LABELS,
  type PaymentAccount,
  PaymentAccountBody,
  type PaymentAccountBodyInput,
  PayoutMethod,
} from '@printloom/core';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useForm } from 'react-hook-form';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useAddPaymentAccount,
  usePaymentAccounts,
  useUpdatePaymentAccount,
} from '../../api/hooks/usePaymentAccounts.js';
import { FormError } from '../auth/FormError.js';
import { StatusBadge } from '../lists/StatusBadge.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * Payment Accounts (spec §2 /settings/payment-account): where payouts go. The details are
 * shown masked (the server keeps them sealed); adding or changing one asks for the current
 * password or a two-factor code, and sends the account back to "being checked" until the
 * platform verifies it.
 */
export function PaymentAccountsPage() {
  const title = usePageTitle();
  const accounts = usePaymentAccounts();
  const [editing, setEditing] = useState<PaymentAccount | 'new' | null>(null);
  const rows = accounts.data ?? [];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{title}</h1>
        {editing === null ? (
          <Button onClick={() => setEditing('new')}>Add payment account</Button>
        ) : null}
      </div>
      <FormError error={accounts.error} />
      {editing !== null ? (
        <AccountForm account={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />
      ) : null}
      {accounts.isPending ? <p aria-busy="true">Loading payment accounts…</p> : null}
      {accounts.isSuccess && rows.length === 0 && editing === null ? (
        <div className="text-center py-5" data-testid="list-empty">
          <p className="mb-3">You have no payment account yet. Add one to receive payouts.</p>
          <Button onClick={() => setEditing('new')}>Add your first payment account</Button>
        </div>
      ) : null}
      <div className="row g-3">
        {rows.map((account) => (
          <div className="col-md-6" key={account.id}>
            <div className="card h-100" data-testid="payment-account">
              <div className="card-body">
                <div className="d-flex justify-content-between align-items-start mb-2">
                  <h2 className="h6 mb-0">{PAYMENT_METHOD_LABELS[account.method]}</h2>
                  <StatusBadge status={account.status} />
                </div>
                <dl className="row small mb-2">
                  {PAYMENT_METHOD_FIELDS[account.method]
                    .filter((field) => account.details[field.name])
                    .map((field) => (
                      <div className="col-12 d-flex gap-2" key={field.name}>
                        <dt className="fw-normal text-body-secondary">{field.label}</dt>
                        <dd className="mb-0">{account.details[field.name]}</dd>
                      </div>
                    ))}
                </dl>
                <Button
                  size="sm"
                  variant="outline-secondary"
                  onClick={() => setEditing(account)}
                  aria-label={`Change ${account.label}`}
                >
                  Change
                </Button>
              </div>
            </div>
          </div>
        ))}
      </div>
    </>
  );
}

function AccountForm(props: { account: PaymentAccount | null; onDone: () => void }) {
  const user = useMe();
  const add = useAddPaymentAccount();
  const update = useUpdatePaymentAccount();
  const mutation = props.account ? update : add;
  const [method, setMethod] = useState<PayoutMethod>(props.account?.method ?? 'bank');
  const form = useForm<PaymentAccountBodyInput>({
    resolver: zodResolver(PaymentAccountBody),
    defaultValues: { method, details: {}, current_password: '' },
  });
  const methodId = useId();
  const proofId = useId();
  const tfa = user?.tfa_enable && user.tfa_confirm;
  const errors = form.formState.errors as {
    details?: Record<string, { message?: string } | undefined>;
    current_password?: { message?: string };
    tfa_code?: { message?: string };
  };
  const submit = form.handleSubmit((values) => {
    const body = {
      ...values,
      ...(values.current_password ? {} : { current_password: undefined }),
      ...(values.tfa_code ? {} : { tfa_code: undefined }),
    } as PaymentAccountBodyInput;
    if (props.account) update.mutate({ id: props.account.id, body }, { onSuccess: props.onDone });
    else add.mutate(body, { onSuccess: props.onDone });
  });

  return (
    <Form className="card card-body mb-4" style={{ maxWidth: 640 }} onSubmit={submit} noValidate>
      <h2 className="h5">
        {props.account ? `Change ${props.account.label}` : 'Add a payment account'}
      </h2>
      <FormError error={mutation.error} />
      <Form.Group className="mb-3" controlId={methodId}>
        <Form.Label>Method</Form.Label>
        <Form.Select
          value={method}
          onChange={(event) => {
            const next = PayoutMethod.parse(event.target.value);
            setMethod(next);
            form.reset({ method: next, details: {}, current_password: '' });
          }}
        >
          {PayoutMethod.options.map((option) => (
            <option key={option} value={option}>
              {PAYMENT_METHOD_LABELS[option]}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {PAYMENT_METHOD_FIELDS[method].map((field) => {
        const message = errors.details?.[field.name]?.message;
        return (
          <Form.Group
            className="mb-3"
            controlId={`${methodId}-${field.name}`}
            key={`${method}-${field.name}`}
          >
            <Form.Label>
              {field.label}
              {field.required ? '' : ' (optional)'}
            </Form.Label>
            <Form.Control
              type={field.kind === 'email' ? 'email' : 'text'}
              autoComplete="off"
              isInvalid={message !== undefined}
              {...form.register(`details.${field.name}` as 'details')}
            />
            <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>
          </Form.Group>
        );
      })}
      <fieldset className="mb-3">
        <legend className="fs-6">Confirm it is you</legend>
        <Form.Group className="mb-2" controlId={proofId}>
          <Form.Label>Current password</Form.Label>
          <Form.Control
            type="password"
            autoComplete="current-password"
            isInvalid={errors.current_password !== undefined}
            {...form.register('current_password')}
          />
          <Form.Control.Feedback type="invalid">
            {errors.current_password?.message}
          </Form.Control.Feedback>
        </Form.Group>
        {tfa ? (
          <Form.Group controlId={`${proofId}-tfa`}>
            <Form.Label>Or a two-factor code</Form.Label>
            <Form.Control
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
              isInvalid={errors.tfa_code !== undefined}
              {...form.register('tfa_code')}
            />
            <Form.Control.Feedback type="invalid">{errors.tfa_code?.message}</Form.Control.Feedback>
          </Form.Group>
        ) : null}
      </fieldset>
      <div className="d-flex gap-2">
        <Button type="submit" disabled={mutation.isPending}>
          {props.account ? 'Save changes' : 'Add account'}
        </Button>
        <Button variant="outline-secondary" onClick={props.onDone}>
          Cancel
        </Button>
      </div>
    </Form>
  );
}
