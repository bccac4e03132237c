import {
  CHANNEL_EVENTS,
  CHANNEL_TYPES,
  type ChannelEvent,
  type ChannelType,
  fromUserDateTimeInput,
  type NotificationChannel,
  NotificationChannelBody,
  type NotificationChannelCreated,
  type NotificationDelivery,
  REPEAT_ALERTS,
  type RepeatAlert,
  telegramBotUrl,
  userDateTime,
} from '@printloom/core';
import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useChannelDeliveries,
  useCreateNotificationChannel,
  useNotificationChannels,
  useRedeliver,
  useRemoveNotificationChannel,
  useTestNotificationChannel,
  useUpdateNotificationChannel,
} from '../../api/hooks/useNotificationChannels.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { RowActionDialog } from '../../lists/RowActionDialog.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

export const CHANNEL_TYPE_LABELS: Record<ChannelType, string> = {
  discord: 'Discord',
  slack: 'Slack',
  ms_teams: 'Microsoft Teams',
  telegram: 'Telegram',
  webhook: 'Custom webhook',
};

const URL_HELP: Record<ChannelType, string> = {
  discord: 'Server settings → Integrations → Webhooks → Copy webhook URL.',
  slack: 'An incoming webhook address of your Slack app (https://hooks.slack.com/…).',
  ms_teams: 'The incoming webhook address of the channel connector.',
  telegram: 'The token @BotFather gave your bot.',
  webhook:
    'Your endpoint. Each request is signed (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature).',
};

export const EVENT_LABELS: Record<ChannelEvent, string> = {
  'order.created': 'A new order',
  'order.changed.status': 'An order changes status',
  'order.changed.tracking': 'An order gets a tracking number',
};

export const REPEAT_LABELS: Record<RepeatAlert, string> = {
  disabled: 'Do not repeat',
  until_end_time: 'Repeat until an end time',
  every_15_minutes: 'Every 15 minutes',
  hourly: 'Hourly',
  daily: 'Daily',
  weekly: 'Weekly',
};

/**
 * Notification settings (spec §3 notification channels): where order events go — Discord,
 * Slack, Teams, Telegram or a signed custom webhook. A webhook's signing secret is shown once;
 * each channel can be tested, and its deliveries show every attempt with a redeliver button.
 */
export function NotificationChannelsPage() {
  const title = usePageTitle();
  const list = useNotificationChannels();
  const [created, setCreated] = useState<NotificationChannelCreated | null>(null);
  const [open, setOpen] = useState<number | null>(null);
  const [removing, setRemoving] = useState<NotificationChannel | null>(null);
  const channels = list.data ?? [];
  const shown = channels.find((c) => c.id === open) ?? null;

  return (
    <>
      <h1 className="h3 mb-3">{title}</h1>
      <p className="text-body-secondary" style={{ maxWidth: 720 }}>
        Get told about new orders, status changes and tracking numbers where your team works. Failed
        deliveries are retried for about a day (immediately, then after 5 s, 5 min, 30 min, 2 h, 5
        h, 10 h and 10 h).
      </p>

      <AddChannelForm onCreated={setCreated} />
      {created?.secret ? (
        <NewSecret secret={created.secret} onDone={() => setCreated(null)} />
      ) : null}

      <h2 className="h5">Channels</h2>
      <FormError error={list.error} />
      {list.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading channels…
        </p>
      ) : null}
      {list.isSuccess && channels.length === 0 ? (
        <p className="text-center py-4" data-testid="list-empty">
          No notification channels yet.
        </p>
      ) : null}
      {channels.length > 0 ? (
        <div className="table-responsive">
          <Table className="align-middle" aria-busy={list.isFetching}>
            <thead>
              <tr>
                <th scope="col">Name</th>
                <th scope="col">Type</th>
                <th scope="col">Address</th>
                <th scope="col">Events</th>
                <th scope="col">Repeat alerts</th>
                <th scope="col">Last delivery</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody data-testid="channel-rows">
              {channels.map((channel) => (
                <ChannelRow
                  key={channel.id}
                  channel={channel}
                  open={open === channel.id}
                  onToggle={() => setOpen(open === channel.id ? null : channel.id)}
                  onRemove={() => setRemoving(channel)}
                />
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      {shown ? <Deliveries channel={shown} /> : null}
      <RemoveDialog channel={removing} onClose={() => setRemoving(null)} />
    </>
  );
}

function ChannelRow({
  channel,
  open,
  onToggle,
  onRemove,
}: {
  channel: NotificationChannel;
  open: boolean;
  onToggle: () => void;
  onRemove: () => void;
}) {
  const update = useUpdateNotificationChannel();
  const test = useTestNotificationChannel();
  const repeatId = useId();
  return (
    <tr>
      <td>
        {channel.name}
        {channel.enabled ? null : <span className="badge text-bg-secondary ms-2">Off</span>}
      </td>
      <td>{CHANNEL_TYPE_LABELS[channel.type]}</td>
      <td>
        <code className="small">{channel.url_hint}</code>
      </td>
      <td className="small">{channel.events.map((e) => EVENT_LABELS[e]).join(', ')}</td>
      <td>
        <Form.Label htmlFor={repeatId} visuallyHidden>
          Repeat alerts of {channel.name}
        </Form.Label>
        <Form.Select
          id={repeatId}
          size="sm"
          value={channel.repeat_alert}
          disabled={update.isPending}
          onChange={(event) => {
            const repeat = event.target.value as RepeatAlert;
            // An end time is chosen in the add form; here that option keeps the saved one.
            if (repeat === 'until_end_time' && !channel.repeat_until) return;
            update.mutate({ id: channel.id, body: { repeat_alert: repeat } });
          }}
        >
          {REPEAT_ALERTS.map((repeat) => (
            <option key={repeat} value={repeat}>
              {REPEAT_LABELS[repeat]}
            </option>
          ))}
        </Form.Select>
      </td>
      <td>{channel.last_delivery_status ?? '—'}</td>
      <td className="text-end text-nowrap">
        <Button
          size="sm"
          variant="outline-primary"
          className="me-1"
          disabled={test.isPending}
          onClick={() => test.mutate(channel.id, { onSuccess: () => (open ? null : onToggle()) })}
        >
          Test
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          className="me-1"
          aria-expanded={open}
          onClick={onToggle}
        >
          Deliveries
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          className="me-1"
          disabled={update.isPending}
          onClick={() => update.mutate({ id: channel.id, body: { enabled: !channel.enabled } })}
        >
          {channel.enabled ? 'Turn off' : 'Turn on'}
        </Button>
        <Button size="sm" variant="outline-danger" onClick={onRemove}>
          Remove
        </Button>
        <FormError error={update.error ?? test.error} />
      </td>
    </tr>
  );
}

function AddChannelForm({
  onCreated,
}: {
  onCreated: (created: NotificationChannelCreated) => void;
}) {
  const create = useCreateNotificationChannel();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const { form, formError } = useApiForm({
    schema: NotificationChannelBody,
    defaultValues: {
      type: 'webhook',
      name: '',
      url: '',
      chat_id: '',
      events: ['order.created'],
      repeat_alert: 'disabled',
      repeat_until: null,
      enabled: true,
    },
    serverError: create.error,
  });
  const [until, setUntil] = useState('');
  const ids = {
    type: useId(),
    name: useId(),
    url: useId(),
    chat: useId(),
    repeat: useId(),
    until: useId(),
  };
  const type = form.watch('type');
  const repeat = form.watch('repeat_alert');
  const isTelegram = type === 'telegram';
  const submit = form.handleSubmit((body) =>
    create.mutate(body, {
      onSuccess: (answer) => {
        form.reset();
        setUntil('');
        onCreated(answer);
      },
    }),
  );
  const urlError = fieldError(form, 'url');

  return (
    <Form className="card card-body mb-4" style={{ maxWidth: 720 }} onSubmit={submit} noValidate>
      <h2 className="h5">Add a channel</h2>
      <FormError error={formError} />
      <div className="row g-3">
        <Form.Group className="col-sm-6" controlId={ids.type}>
          <Form.Label>Type</Form.Label>
          <Form.Select
            value={type}
            onChange={(event) =>
              form.setValue('type', event.target.value as ChannelType, { shouldValidate: false })
            }
          >
            {CHANNEL_TYPES.map((t) => (
              <option key={t} value={t}>
                {CHANNEL_TYPE_LABELS[t]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        <Form.Group className="col-sm-6" controlId={ids.name}>
          <Form.Label>Name (optional)</Form.Label>
          <Form.Control {...form.register('name')} placeholder="e.g. #orders" maxLength={100} />
        </Form.Group>
        {isTelegram ? (
          <Form.Group className="col-12" controlId={ids.url}>
            <Form.Label>Bot token</Form.Label>
            <Form.Control
              autoComplete="off"
              placeholder="123456:ABC-DEF…"
              isInvalid={Boolean(urlError)}
              onChange={(event) =>
                form.setValue(
                  'url',
                  event.target.value ? telegramBotUrl(event.target.value.trim()) : '',
                )
              }
            />
            <Form.Text>{URL_HELP.telegram}</Form.Text>
            <Form.Control.Feedback type="invalid">{urlError}</Form.Control.Feedback>
          </Form.Group>
        ) : (
          <Form.Group className="col-12" controlId={ids.url}>
            <Form.Label>{type === 'webhook' ? 'Endpoint URL' : 'Webhook URL'}</Form.Label>
            <Form.Control
              type="url"
              {...form.register('url')}
              placeholder="https://"
              isInvalid={Boolean(urlError)}
            />
            <Form.Text>{URL_HELP[type]}</Form.Text>
            <Form.Control.Feedback type="invalid">{urlError}</Form.Control.Feedback>
          </Form.Group>
        )}
        {isTelegram ? (
          <Form.Group className="col-sm-6" controlId={ids.chat}>
            <Form.Label>Chat id</Form.Label>
            <Form.Control
              {...form.register('chat_id')}
              isInvalid={Boolean(fieldError(form, 'chat_id'))}
            />
            <Form.Control.Feedback type="invalid">
              {fieldError(form, 'chat_id')}
            </Form.Control.Feedback>
          </Form.Group>
        ) : null}
        <fieldset className="col-12">
          <legend className="form-label fs-6">Events</legend>
          {CHANNEL_EVENTS.map((event) => (
            <Form.Check
              key={event}
              id={`channel-event-${event}`}
              value={event}
              label={
                <>
                  {EVENT_LABELS[event]} <code className="small">{event}</code>
                </>
              }
              {...form.register('events')}
            />
          ))}
          {fieldError(form, 'events') ? (
            <div className="invalid-feedback d-block">{fieldError(form, 'events')}</div>
          ) : null}
        </fieldset>
        <Form.Group className="col-sm-6" controlId={ids.repeat}>
          <Form.Label>Repeat alerts that wait to be handled</Form.Label>
          <Form.Select {...form.register('repeat_alert')}>
            {REPEAT_ALERTS.map((r) => (
              <option key={r} value={r}>
                {REPEAT_LABELS[r]}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
        {repeat === 'until_end_time' ? (
          <Form.Group className="col-sm-6" controlId={ids.until}>
            <Form.Label>Stop repeating at</Form.Label>
            <Form.Control
              type="datetime-local"
              value={until}
              isInvalid={Boolean(fieldError(form, 'repeat_until'))}
              onChange={(event) => {
                setUntil(event.target.value);
                form.setValue('repeat_until', fromUserDateTimeInput(event.target.value, utcOffset));
              }}
            />
            <Form.Control.Feedback type="invalid">
              {fieldError(form, 'repeat_until')}
            </Form.Control.Feedback>
          </Form.Group>
        ) : null}
      </div>
      <div className="mt-3">
        <Button type="submit" disabled={create.isPending}>
          Add channel
        </Button>
      </div>
    </Form>
  );
}

/** A custom webhook's signing secret, once: after this box is closed it cannot be seen again. */
function NewSecret({ secret, onDone }: { secret: string; onDone: () => void }) {
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const copy = () =>
    navigator.clipboard.writeText(secret).then(
      () => setCopied('yes'),
      () => setCopied('failed'),
    );
  return (
    <div className="alert alert-success" role="status" style={{ maxWidth: 720 }}>
      <p className="mb-2">
        The channel was added. This is its signing secret; it is shown only now. Verify each
        request's <code>webhook-signature</code> with it.
      </p>
      <div className="input-group mb-2">
        <input
          className="form-control font-monospace"
          readOnly
          value={secret}
          aria-label="Signing secret"
          onFocus={(event) => event.target.select()}
        />
        <Button variant="outline-secondary" onClick={() => void copy()}>
          {copied === 'yes' ? 'Copied' : 'Copy'}
        </Button>
      </div>
      {copied === 'failed' ? (
        <p className="small mb-2">Copying was refused: select the secret and copy it yourself.</p>
      ) : null}
      <Button size="sm" variant="success" onClick={onDone}>
        I have stored it
      </Button>
    </div>
  );
}

function Deliveries({ channel }: { channel: NotificationChannel }) {
  const deliveries = useChannelDeliveries(channel.id);
  const redeliver = useRedeliver();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const rows: NotificationDelivery[] = deliveries.data ?? [];
  return (
    <section className="mt-4" aria-label={`Deliveries of ${channel.name}`}>
      <h2 className="h5">Deliveries: {channel.name}</h2>
      <FormError error={deliveries.error ?? redeliver.error} />
      {deliveries.isPending ? <p role="status">Loading deliveries…</p> : null}
      {deliveries.isSuccess && rows.length === 0 ? (
        <p className="text-body-secondary">Nothing sent yet. Use Test to send a sample event.</p>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <Table size="sm" className="align-middle" data-testid="delivery-rows">
            <thead>
              <tr>
                <th scope="col">Created</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Attempts</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="text-nowrap">{userDateTime(delivery.created_at, utcOffset)}</td>
                  <td>
                    {delivery.event}
                    {delivery.test ? <span className="badge text-bg-info ms-1">test</span> : null}
                  </td>
                  <td>
                    {delivery.status}
                    {delivery.status === 'pending' && delivery.next_attempt_at ? (
                      <div className="small text-body-secondary">
                        next {userDateTime(delivery.next_attempt_at, utcOffset)}
                      </div>
                    ) : null}
                  </td>
                  <td>
                    <ol className="small mb-0 ps-3">
                      {delivery.attempts.map((attempt) => (
                        <li key={attempt.at}>
                          {userDateTime(attempt.at, utcOffset)}:{' '}
                          {attempt.status_code ?? 'no answer'}
                          {attempt.error && attempt.status_code === null
                            ? ` (${attempt.error})`
                            : ''}
                        </li>
                      ))}
                    </ol>
                  </td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      disabled={delivery.status === 'pending' || redeliver.isPending}
                      onClick={() => redeliver.mutate(delivery.id)}
                    >
                      Redeliver
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
    </section>
  );
}

function RemoveDialog({
  channel,
  onClose,
}: {
  channel: NotificationChannel | null;
  onClose: () => void;
}) {
  return (
    <RowActionDialog
      id="remove-notification-channel"
      title="Remove channel"
      actionLabel="Remove"
      row={channel}
      action={useRemoveNotificationChannel()}
      onClose={onClose}
    >
      Remove <strong>{channel?.name}</strong> and its delivery history? Events stop going there at
      once.
    </RowActionDialog>
  );
}
