import { pagePath, StripeGatewayBody } from '@printloom/core';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useNavigate } from 'react-router';
import { useAddPaymentGateway } from '../../api/hooks/usePaymentGateways.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { AuthField } from '../auth/AuthField.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * New Payment Gateway (spec §2 /settings/payment-gateways/create): a Stripe account's
 * publishable key, secret key and webhook signing secret, checked by the route's schema before
 * they are sent; the secrets are sealed on the server and never shown again.
 */
export function PaymentGatewayNewPage() {
  const title = usePageTitle();
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
    <div style={{ maxWidth: 560 }}>
      <h1 className="h3 mb-3">{title}</h1>
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
        <div className="d-flex gap-2">
          <Button type="submit" disabled={add.isPending}>
            {add.isPending ? 'Saving…' : 'Save gateway'}
          </Button>
          <Link to={pagePath('payment_gateways')} className="btn btn-outline-secondary">
            Cancel
          </Link>
        </div>
      </Form>
    </div>
  );
}
