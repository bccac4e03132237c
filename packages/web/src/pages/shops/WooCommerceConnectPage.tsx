import { WooConnectBody } from '@printloom/core';
import { useId } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { FieldPath } from 'react-hook-form';
import type { z } from 'zod';
import { useConnectWooCommerce } from '../../api/hooks/useShopConnections.js';
import { fieldError, type SchemaForm, useApiForm } from '../../forms/useApiForm.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';
import { ShopConnectionList } from './ShopConnectionList.js';

type Field = FieldPath<z.input<typeof WooConnectBody>>;

/**
 * WooCommerce (`/woocommerce/connect`): connect a shop by its REST API key; its processing
 * orders are imported as fulfillment orders every hour and on "Import now".
 */
export function WooCommerceConnectPage() {
  usePageTitle();
  const connect = useConnectWooCommerce();
  const { form, formError } = useApiForm({
    schema: WooConnectBody,
    defaultValues: { shop_url: '', consumer_key: '', consumer_secret: '' },
    serverError: connect.error,
  });
  const id = useId();
  const submit = form.handleSubmit((body) =>
    connect.mutate(body, { onSuccess: () => form.reset() }),
  );
  return (
    <>
      <h1 className="h3 mb-3">WooCommerce</h1>
      <p className="text-body-secondary" style={{ maxWidth: 720 }}>
        Orders of your WooCommerce shop that are <em>Processing</em> are imported as fulfillment
        orders every hour. Each line is matched to your products by its SKU: give your WooCommerce
        products the SKUs shown on your campaigns (<code>P123-Black-M</code>).
      </p>
      <div className="card card-body mb-4" style={{ maxWidth: 640 }}>
        <h2 className="h5">Connect a shop</h2>
        <p className="small text-body-secondary">
          In WordPress, open WooCommerce → Settings → Advanced → REST API, add a key with{' '}
          <strong>Read</strong> permission and paste it here.
        </p>
        <Form onSubmit={submit} noValidate>
          <FormError error={formError} />
          <TextField form={form} id={id} name="shop_url" label="Shop address" type="url" />
          <TextField form={form} id={id} name="consumer_key" label="Consumer key" />
          <TextField
            form={form}
            id={id}
            name="consumer_secret"
            label="Consumer secret"
            type="password"
          />
          <Button type="submit" disabled={connect.isPending}>
            {connect.isPending ? 'Checking the key…' : 'Connect shop'}
          </Button>
        </Form>
      </div>
      <ShopConnectionList kind="woocommerce" />
    </>
  );
}

function TextField(props: {
  form: SchemaForm<typeof WooConnectBody>;
  id: string;
  name: Field;
  label: string;
  type?: 'url' | 'password';
}) {
  const message = fieldError(props.form, props.name);
  return (
    <Form.Group className="mb-3" controlId={`${props.id}-${props.name}`}>
      <Form.Label>{props.label}</Form.Label>
      <Form.Control
        type={props.type ?? 'text'}
        autoComplete={props.type === 'password' ? 'new-password' : 'off'}
        placeholder={props.type === 'url' ? 'https://shop.example.com' : undefined}
        isInvalid={message !== undefined}
        {...props.form.register(props.name)}
      />
      <Form.Control.Feedback type="invalid">{message}</Form.Control.Feedback>
    </Form.Group>
  );
}
