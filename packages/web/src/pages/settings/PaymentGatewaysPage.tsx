import { type GatewayAccountView, PayPalWebhookBody, pagePath } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Spinner from 'react-bootstrap/Spinner';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import {
  usePaymentGateways,
  useRemovePaymentGateway,
  useSetPayPalWebhook,
  useSetStoreGateway,
} from '../../api/hooks/usePaymentGateways.js';
import { useStores } from '../../api/hooks/useStores.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { AuthField } from '../auth/AuthField.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

/** The address a provider must post its events to (the API is served with the dashboard). */
const webhookUrl = (path: string) => new URL(path, window.location.origin).toString();

/**
 * Payment Gateways (spec §2 /settings/payment-gateways, custom payment sellers): the seller's
 * Stripe and PayPal accounts with their masked keys and the webhook address to give the
 * provider, and per store
 * the gateway its checkout charges through (the built-in test gateway when none).
 */
export function PaymentGatewaysPage() {
  const title = usePageTitle();
  const gateways = usePaymentGateways();
  const stores = useStores();
  const setStore = useSetStoreGateway();
  const remove = useRemovePaymentGateway();
  const [removing, setRemoving] = useState<GatewayAccountView | null>(null);
  const rows = gateways.data ?? [];
  const gatewayOf = (storeId: number) => rows.find((g) => g.store_ids.includes(storeId));
  return (
    <>
      <div className="d-flex align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Link to={pagePath('payment_gateway_new')} className="btn btn-primary">
          Add gateway
        </Link>
      </div>
      <ListLoadError error={gateways.error} onRetry={() => void gateways.refetch()} />
      {gateways.isPending ? (
        <div role="status" className="d-flex align-items-center gap-2">
          <Spinner size="sm" aria-hidden="true" /> Loading gateways…
        </div>
      ) : null}
      {gateways.isSuccess && rows.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          No payment gateways yet. Add your Stripe or PayPal account to take payments in your
          stores.
        </p>
      ) : null}
      {rows.map((gateway) => (
        <section
          key={gateway.id}
          className="card mb-3"
          aria-label={gateway.name}
          data-testid="gateway-card"
        >
          <div className="card-body">
            <div className="d-flex align-items-center gap-2 mb-2">
              <h2 className="h5 mb-0">{gateway.name}</h2>
              <span className="badge text-bg-secondary">
                {gateway.provider === 'paypal' ? 'PayPal' : 'Stripe'}
              </span>
              <span
                className={`badge me-auto ${gateway.mode === 'live' ? 'text-bg-success' : 'text-bg-warning'}`}
              >
                {gateway.mode === 'live' ? 'Live' : 'Test mode'}
              </span>
              <Button
                size="sm"
                variant="outline-danger"
                aria-label={`Remove ${gateway.name}`}
                onClick={() => setRemoving(gateway)}
              >
                Remove
              </Button>
            </div>
            {gateway.provider === 'paypal' ? (
              <PayPalDetails gateway={gateway} />
            ) : (
              <StripeDetails gateway={gateway} />
            )}
          </div>
        </section>
      ))}
      <h2 className="h5 mt-4">Stores</h2>
      <p className="small text-body-secondary" data-testid="gateway-checkout-note">
        A store set to a gateway refuses test cards: a Stripe store's checkout shows Stripe's
        payment form, a PayPal store's checkout shows “Pay with PayPal”.
      </p>
      <FormError error={setStore.error} />
      {stores.data && stores.data.length > 0 ? (
        <Table className="align-middle" style={{ maxWidth: 720 }}>
          <thead>
            <tr>
              <th scope="col">Store</th>
              <th scope="col">Checkout charges through</th>
            </tr>
          </thead>
          <tbody>
            {stores.data.map((store) => (
              <tr key={store.id}>
                <td>{store.name}</td>
                <td>
                  <Form.Select
                    aria-label={`Payment gateway of ${store.name}`}
                    value={String(gatewayOf(store.id)?.id ?? '')}
                    disabled={setStore.isPending || !gateways.isSuccess}
                    onChange={(e) =>
                      setStore.mutate({
                        storeId: store.id,
                        gatewayId: e.target.value === '' ? null : Number(e.target.value),
                      })
                    }
                  >
                    <option value="">Test gateway (test cards only)</option>
                    {rows.map((g) => (
                      <option key={g.id} value={g.id}>
                        {g.name}
                      </option>
                    ))}
                  </Form.Select>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : (
        <p>{stores.isSuccess ? 'No stores yet.' : null}</p>
      )}
      <ConfirmDialog
        show={removing !== null}
        title="Remove payment gateway"
        confirmLabel="Remove gateway"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() => {
          if (removing) remove.mutate(removing.id, { onSuccess: () => setRemoving(null) });
        }}
      >
        <FormError error={remove.error} />
        <p className="mb-0">
          Stores charging through {removing?.name} go back to the test gateway and take no real
          payments.
        </p>
      </ConfirmDialog>
    </>
  );
}

function StripeDetails({ gateway }: { gateway: GatewayAccountView }) {
  return (
    <dl className="row small mb-0">
      <dt className="col-sm-3">Publishable key</dt>
      <dd className="col-sm-9 text-break">
        <code>{gateway.shown.publishable_key}</code>
      </dd>
      <dt className="col-sm-3">Secret key</dt>
      <dd className="col-sm-9">{gateway.shown.secret_key}</dd>
      <dt className="col-sm-3">Webhook signing secret</dt>
      <dd className="col-sm-9">{gateway.shown.webhook_secret}</dd>
      <dt className="col-sm-3">Webhook endpoint</dt>
      <dd className="col-sm-9 text-break">
        <code>{webhookUrl(gateway.webhook_path)}</code>
        <div className="text-body-secondary">
          Add it in Stripe for the event payment_intent.succeeded.
        </div>
      </dd>
    </dl>
  );
}

function PayPalDetails({ gateway }: { gateway: GatewayAccountView }) {
  return (
    <dl className="row small mb-0">
      <dt className="col-sm-3">Client id</dt>
      <dd className="col-sm-9">{gateway.shown.client_id}</dd>
      <dt className="col-sm-3">Secret</dt>
      <dd className="col-sm-9">{gateway.shown.client_secret}</dd>
      <dt className="col-sm-3">Webhook URL</dt>
      <dd className="col-sm-9 text-break">
        <code>{webhookUrl(gateway.webhook_path)}</code>
        <div className="text-body-secondary">
          Add it to your PayPal app for the event PAYMENT.CAPTURE.COMPLETED.
        </div>
      </dd>
      <dt className="col-sm-3">Webhook id</dt>
      <dd className="col-sm-9">
        {gateway.shown.webhook_id || (
          <span className="text-danger">
            Not set: orders of buyers who do not come back from PayPal wait for it.
          </span>
        )}
        <WebhookIdForm gateway={gateway} />
      </dd>
    </dl>
  );
}

/** The id PayPal shows once the webhook URL above is added to the app. */
function WebhookIdForm({ gateway }: { gateway: GatewayAccountView }) {
  const save = useSetPayPalWebhook();
  const { form, formError } = useApiForm({
    schema: PayPalWebhookBody,
    defaultValues: { webhook_id: '' },
    serverError: save.error,
  });
  const submit = form.handleSubmit((body) =>
    save.mutate(
      { id: gateway.id, webhookId: body.webhook_id },
      { onSuccess: () => form.reset({ webhook_id: '' }) },
    ),
  );
  return (
    <form onSubmit={submit} noValidate className="mt-2" style={{ maxWidth: 360 }}>
      <FormError error={formError} />
      <AuthField
        id={`webhook-id-${gateway.id}`}
        label={`New webhook id of ${gateway.name}`}
        autoComplete="off"
        field={form.register('webhook_id')}
        error={fieldError(form, 'webhook_id')}
      />
      <Button type="submit" size="sm" variant="outline-primary" disabled={save.isPending}>
        {save.isPending ? 'Saving…' : 'Save webhook id'}
      </Button>
    </form>
  );
}
