import { errorMessage, pagePath, TtsAuthorizeBody } from '@printloom/core';
import { useEffect, useId, useRef } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useSearchParams } from 'react-router';
import { useAuthorizeTikTok, useTikTokCallback } from '../../api/hooks/useShopConnections.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';
import { ShopConnectionList } from './ShopConnectionList.js';

/**
 * TikTok Shop (`/tts/callback`): the seller starts the authorisation of their TikTok Shop app
 * here; TikTok Shop sends them back to this page with `code` and `state`, which the server
 * checks and exchanges for tokens. Errors of the return trip are shown here.
 */
export function TikTokShopPage() {
  usePageTitle();
  const [params, setParams] = useSearchParams();
  const code = params.get('code');
  const state = params.get('state');
  const refused = params.get('error_description') ?? params.get('error');
  return (
    <>
      <h1 className="h3 mb-3">TikTok Shop</h1>
      {refused ? (
        <div className="alert alert-danger" role="alert">
          TikTok Shop did not authorise the shop: {refused}
        </div>
      ) : null}
      {code !== null || state !== null ? (
        <Callback
          code={code ?? ''}
          state={state ?? ''}
          onDone={() => setParams({}, { replace: true })}
        />
      ) : null}
      <p className="text-body-secondary" style={{ maxWidth: 720 }}>
        Orders of your TikTok Shop awaiting shipment are imported as fulfillment orders every hour,
        each line matched to your products by its seller SKU (<code>P123-Black-M</code>).
      </p>
      <Authorize />
      <ShopConnectionList kind="tiktok" />
    </>
  );
}

/** Sends the returned code and state once, and says how it went. */
function Callback({ code, state, onDone }: { code: string; state: string; onDone: () => void }) {
  const callback = useTikTokCallback();
  const sent = useRef<string | null>(null);
  const { mutate } = callback;
  useEffect(() => {
    const key = `${code}\u0000${state}`;
    if (sent.current === key) return;
    sent.current = key;
    mutate({ code, state });
  }, [code, state, mutate]);
  if (callback.isPending || callback.isIdle) {
    return (
      <p role="status" className="alert alert-info">
        Connecting your TikTok Shop…
      </p>
    );
  }
  if (callback.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        The TikTok Shop could not be connected: {errorMessage(callback.error)}
      </div>
    );
  }
  return (
    <div className="alert alert-success d-flex align-items-center gap-3" role="status">
      <span className="flex-grow-1">{callback.data.name} is connected.</span>
      <Button size="sm" variant="outline-success" onClick={onDone}>
        Done
      </Button>
    </div>
  );
}

function Authorize() {
  const authorize = useAuthorizeTikTok();
  const { form, formError } = useApiForm({
    schema: TtsAuthorizeBody,
    defaultValues: { app_key: '', app_secret: '' },
    serverError: authorize.error,
  });
  const id = useId();
  const submit = form.handleSubmit((body) =>
    authorize.mutate(body, {
      onSuccess: (answer) => window.location.assign(answer.authorize_url),
    }),
  );
  const keyError = fieldError(form, 'app_key');
  const secretError = fieldError(form, 'app_secret');
  return (
    <div className="card card-body mb-4" style={{ maxWidth: 640 }}>
      <h2 className="h5">Connect a TikTok Shop</h2>
      <p className="small text-body-secondary">
        In TikTok Shop Partner Center, open your app, set its redirect address to{' '}
        <code>{`${window.location.origin}${pagePath('tts_callback')}`}</code> and copy its app key
        and app secret here. You will be sent to TikTok Shop to authorise your shop.
      </p>
      <Form onSubmit={submit} noValidate>
        <FormError error={formError} />
        <Form.Group className="mb-3" controlId={`${id}-key`}>
          <Form.Label>App key</Form.Label>
          <Form.Control
            autoComplete="off"
            isInvalid={keyError !== undefined}
            {...form.register('app_key')}
          />
          <Form.Control.Feedback type="invalid">{keyError}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-secret`}>
          <Form.Label>App secret</Form.Label>
          <Form.Control
            type="password"
            autoComplete="new-password"
            isInvalid={secretError !== undefined}
            {...form.register('app_secret')}
          />
          <Form.Control.Feedback type="invalid">{secretError}</Form.Control.Feedback>
        </Form.Group>
        <Button type="submit" disabled={authorize.isPending || authorize.isSuccess}>
          {authorize.isPending || authorize.isSuccess
            ? 'Opening TikTok Shop…'
            : 'Authorise on TikTok Shop'}
        </Button>
      </Form>
    </div>
  );
}
