import { errorMessage, type KlaviyoSettings, pagePath, userDate } from '@printloom/core';
import { type FormEvent, useEffect, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useEmailSettings,
  useKlaviyoSettings,
  useSaveEmailSettings,
  useSaveKlaviyo,
  useStoreSenders,
  useSyncKlaviyo,
} from '../../api/hooks/useEmailSettings.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { FormError } from '../auth/FormError.js';
import { StoreChooser, useChosenStore } from '../storefronts/content/StorePagesPage.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * Email Settings (spec §2 /email-marketing/settings, issue 15): per store, the sender its
 * campaigns use when they name none, the footer every marketing mail carries (postal address and
 * the words above the unsubscribe link), and the store's Klaviyo connection with a sync.
 */
export function EmailSettingsPage() {
  const title = usePageTitle();
  const { stores, store, choose } = useChosenStore();

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-3 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        {store ? (
          <StoreChooser stores={stores.data ?? []} value={store.id} onChange={choose} />
        ) : null}
      </div>
      <ListLoadError error={stores.error} onRetry={() => void stores.refetch()} />
      {stores.isPending ? (
        <p role="status">Loading your stores…</p>
      ) : !store ? (
        <p data-testid="list-empty">
          Email settings belong to a store. <Link to={pagePath('all_stores')}>Create a store</Link>{' '}
          first.
        </p>
      ) : (
        <div className="row g-4" key={store.id}>
          <div className="col-lg-6">
            <SenderAndFooter storeId={store.id} />
          </div>
          <div className="col-lg-6">
            <Klaviyo storeId={store.id} />
          </div>
        </div>
      )}
    </>
  );
}

function SenderAndFooter({ storeId }: { storeId: number }) {
  const id = useId();
  const settings = useEmailSettings(storeId);
  const senders = useStoreSenders(storeId);
  const save = useSaveEmailSettings(storeId);
  const [sender, setSender] = useState('');
  const [address, setAddress] = useState('');
  const [unsubscribe, setUnsubscribe] = useState('');
  const loaded = settings.data;
  useEffect(() => {
    if (!loaded) return;
    setSender(loaded.default_sender_id ? String(loaded.default_sender_id) : '');
    setAddress(loaded.footer_address);
    setUnsubscribe(loaded.unsubscribe_text);
  }, [loaded]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({
      default_sender_id: sender ? Number(sender) : null,
      footer_address: address,
      unsubscribe_text: unsubscribe,
    });
  };

  return (
    <Form className="card card-body" onSubmit={submit} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        Sender and footer
      </h2>
      <ListLoadError error={settings.error} onRetry={() => void settings.refetch()} />
      <FormError error={save.error} />
      {save.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          Email settings saved.
        </div>
      ) : null}
      <fieldset disabled={!loaded || save.isPending}>
        <Form.Group className="mb-3" controlId={`${id}-sender`}>
          <Form.Label>Default sender</Form.Label>
          <Form.Select value={sender} onChange={(e) => setSender(e.target.value)}>
            <option value="">The mail gateway’s own address</option>
            {(senders.data ?? []).map((s) => (
              <option key={s.id} value={s.id}>
                {s.name} &lt;{s.address ?? s.username}&gt;
                {s.status && s.status !== 'verified' ? ` (${s.status})` : ''}
              </option>
            ))}
          </Form.Select>
          <Form.Text>
            Campaigns that name no sender go out from this one once it is verified.{' '}
            <Link to={pagePath('email_senders')}>Manage senders</Link>
          </Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-address`}>
          <Form.Label>Postal address in the footer</Form.Label>
          <Form.Control
            as="textarea"
            rows={3}
            maxLength={300}
            value={address}
            onChange={(e) => setAddress(e.target.value)}
          />
          <Form.Text>Anti-spam laws ask marketing mail to carry the sender’s address.</Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-unsubscribe`}>
          <Form.Label>Text above the unsubscribe link</Form.Label>
          <Form.Control
            maxLength={120}
            value={unsubscribe}
            placeholder="You receive this email because you subscribed to our store."
            onChange={(e) => setUnsubscribe(e.target.value)}
          />
          <Form.Text>Empty: the standard words.</Form.Text>
        </Form.Group>
        <Button type="submit">{save.isPending ? 'Saving…' : 'Save'}</Button>
      </fieldset>
    </Form>
  );
}

function Klaviyo({ storeId }: { storeId: number }) {
  const id = useId();
  const user = useMe();
  const settings = useKlaviyoSettings(storeId);
  const save = useSaveKlaviyo(storeId);
  const sync = useSyncKlaviyo(storeId);
  const [key, setKey] = useState('');
  const [list, setList] = useState('');
  const connected: KlaviyoSettings | undefined = settings.data;
  useEffect(() => {
    setList(connected?.list_id ?? '');
  }, [connected?.list_id]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate({ private_key: key, list_id: list }, { onSuccess: () => setKey('') });
  };

  return (
    <section className="card card-body" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="h5">
        Klaviyo
      </h2>
      <ListLoadError error={settings.error} onRetry={() => void settings.refetch()} />
      {connected?.private_key ? (
        <p className="mb-2" data-testid="klaviyo-connected">
          Connected with key <code>{connected.private_key.key}</code> to list{' '}
          <code>{connected.list_id}</code>.
          {connected.last_synced_at
            ? ` Last sync ${userDate(connected.last_synced_at, user?.utc_offset ?? 0)}.`
            : ' Not synced yet.'}
        </p>
      ) : (
        <p className="mb-2 text-body-secondary">
          Not connected. Subscribers of this store are kept here and sent to Klaviyo once you
          connect it.
        </p>
      )}
      {connected?.last_sync_message ? (
        <p className="small mb-2">Last sync said: {connected.last_sync_message}</p>
      ) : null}
      <Form onSubmit={submit}>
        <FormError error={save.error} />
        <Form.Group className="mb-3" controlId={`${id}-key`}>
          <Form.Label>Private API key</Form.Label>
          <Form.Control
            type="password"
            autoComplete="off"
            value={key}
            maxLength={255}
            onChange={(e) => setKey(e.target.value)}
          />
          <Form.Text>Stored encrypted; only its last characters are shown again.</Form.Text>
        </Form.Group>
        <Form.Group className="mb-3" controlId={`${id}-list`}>
          <Form.Label>List id</Form.Label>
          <Form.Control value={list} maxLength={64} onChange={(e) => setList(e.target.value)} />
        </Form.Group>
        <div className="d-flex flex-wrap gap-2 align-items-center">
          <Button type="submit" disabled={save.isPending || !key.trim() || !list.trim()}>
            {connected?.private_key ? 'Replace key' : 'Connect'}
          </Button>
          <Button
            variant="outline-primary"
            disabled={!connected?.private_key || sync.isPending}
            onClick={() => sync.mutate()}
          >
            {sync.isPending ? 'Syncing…' : 'Sync subscribers now'}
          </Button>
        </div>
      </Form>
      {sync.isSuccess ? (
        <p className="alert alert-success py-2 mt-3 mb-0" role="status">
          {sync.data.message}
        </p>
      ) : null}
      {sync.isError ? (
        <p className="alert alert-danger py-2 mt-3 mb-0" role="alert">
          {errorMessage(sync.error)}
        </p>
      ) : null}
    </section>
  );
}
