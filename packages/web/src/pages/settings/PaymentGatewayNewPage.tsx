import { PayPalGatewayBody, pagePath, StripeGatewayBody } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { useAddPaymentGateway } from '../../api/hooks/usePaymentGateways.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { AuthField } from '../auth/AuthField.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

type Provider = 'stripe' | 'paypal';

/**
 * New Payment Gateway (spec §2 /settings/payment-gateways/create): a Stripe account (publishable
 * key, secret key, webhook signing secret) or a PayPal REST app (sandbox or live, client id,
 * secret, webhook id), checked by the route's schema before they are sent; the secrets are
 * sealed on the server and never shown again.
 */
export function PaymentGatewayNewPage() {
  const title = usePageTitle();
  const [provider, setProvider] = useState<Provider>('stripe');
  return (
    <div style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">{title}</h1>
      <Form.Group className="mb-3" controlId="gateway-provider">
        <Form.Label>Provider</Form.Label>
        <Form.Select
          value={provider}
          onChange={(e) => setProvider(e.target.value === 'paypal' ? 'paypal' : 'stripe')}
        >
          <option value="stripe">Stripe</option>
          <option value="paypal">PayPal</option>
        </Form.Select>
      </Form.Group>
      {provider === 'stripe' ? <StripeForm /> : <PayPalForm />}
    </div>
  );
}

function Actions({ pending }: { pending: boolean }) {
  return (
    <div className="d-flex gap-2">
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving…' : 'Save gateway'}
      </Button>
      <Link to={pagePath('payment_gateways')} className="btn btn-outline-secondary">
        Cancel
      </Link>
    </div>
  );
}

function StripeForm() {
  const add = useAddPaymentGateway();
  const navigate = useNavigate();
  const { form, formError } = useApiForm({
    schema: StripeGatewayBody,
    defaultValues: {
      provider: 'stripe',
      name: '',
      publishable_key: '',
      secret_key: '',
      webhook_secret: '',
    },
    serverError: add.error,
  });
  const submit = form.handleSubmit((body) =>
    add.mutate(body, { onSuccess: () => navigate(pagePath('payment_gateways')) }),
  );
  return (
    <>
      <p>
        Stripe: copy the keys from Developers → API keys, and the signing secret of the webhook
        endpoint shown on the gateways page once saved.
      </p>
      <Form onSubmit={submit} noValidate>
        <FormError error={formError} />
        <AuthField
          id="gateway-name"
          label="Name"
          field={form.register('name')}
          error={fieldError(form, 'name')}
        />
        <AuthField
          id="gateway-publishable"
          label="Publishable key"
          autoComplete="off"
          field={form.register('publishable_key')}
          error={fieldError(form, 'publishable_key')}
        />
        <AuthField
          id="gateway-secret"
          label="Secret key"
          type="password"
          autoComplete="off"
          field={form.register('secret_key')}
          error={fieldError(form, 'secret_key')}
        />
        <AuthField
          id="gateway-webhook"
          label="Webhook signing secret"
          type="password"
          autoComplete="off"
          field={form.register('webhook_secret')}
          error={fieldError(form, 'webhook_secret')}
        />
        <Actions pending={add.isPending} />
      </Form>
    </>
  );
}

function PayPalForm() {
  const add = useAddPaymentGateway();
  const navigate = useNavigate();
  const { form, formError } = useApiForm({
    schema: PayPalGatewayBody,
    defaultValues: {
      provider: 'paypal',
      name: '',
      mode: 'sandbox',
      client_id: '',
      client_secret: '',
      webhook_id: '',
    },
    serverError: add.error,
  });
  const submit = form.handleSubmit((body) =>
    add.mutate(body, { onSuccess: () => navigate(pagePath('payment_gateways')) }),
  );
  return (
    <>
      <p>
        PayPal: in the Developer Dashboard, open your REST app under Apps &amp; Credentials and copy
        its client id and secret. Once saved, the gateways page shows the webhook URL to add to the
        app for the event PAYMENT.CAPTURE.COMPLETED; its webhook id goes there (or here, if the
        webhook already exists).
      </p>
      <Form onSubmit={submit} noValidate>
        <FormError error={formError} />
        <AuthField
          id="gateway-name"
          label="Name"
          field={form.register('name')}
          error={fieldError(form, 'name')}
        />
        <Form.Group className="mb-3" controlId="gateway-mode">
          <Form.Label>Environment</Form.Label>
          <Form.Select {...form.register('mode')}>
            <option value="sandbox">Sandbox (test payments)</option>
            <option value="live">Live</option>
          </Form.Select>
        </Form.Group>
        <AuthField
          id="gateway-client-id"
          label="Client id"
          autoComplete="off"
          field={form.register('client_id')}
          error={fieldError(form, 'client_id')}
        />
        <AuthField
          id="gateway-client-secret"
          label="Secret"
          type="password"
          autoComplete="off"
          field={form.register('client_secret')}
          error={fieldError(form, 'client_secret')}
        />
        <AuthField
          id="gateway-webhook-id"
          label="Webhook id (optional)"
          autoComplete="off"
          field={form.register('webhook_id')}
          error={fieldError(form, 'webhook_id')}
        />
        <Actions pending={add.isPending} />
      </Form>
    </>
  );
}
