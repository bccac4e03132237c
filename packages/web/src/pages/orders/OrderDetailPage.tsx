import {
  errorMessage,
  OrderAddressBody,
  type OrderDetail,
  personalizationSummary,
  type SellerOrderAction,
  userDateTime,
} from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { api } from '../../api/client.js';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useOrder,
  useOrderAction,
  useOrderAddress,
  useOrderNote,
} from '../../api/hooks/useOrders.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { NoOrderChosen } from './NoOrderChosen.js';
import { money, ORDER_ACTION_LABELS, OrderBadge, orderWord } from './orderLabels.js';

const THUMB = { w: 160, h: 200 } as const;

/** The gateway names a refund goes through, as sellers know them. */
const PROVIDER_NAMES: Readonly<Record<string, string>> = {
  test: 'the test gateway',
  stripe: 'Stripe',
  paypal: 'PayPal',
};
const providerName = (value: unknown) =>
  PROVIDER_NAMES[String(value)] ?? String(value ?? 'the gateway');

/** The refund's course in words; the provider's own message follows where it gave one. */
const REFUND_WORDS: Readonly<Record<string, string>> = {
  pending: 'Refund pending',
  processing: 'Refund processing',
  completed: 'Refund completed',
  failed: 'Refund failed',
};

/** The words of a timeline entry: what happened, from its kind and detail. */
export function timelineText(entry: OrderDetail['timeline'][number]): string {
  const d = entry.detail;
  switch (entry.kind) {
    case 'created':
      return 'Order placed';
    case 'paid':
      return `Paid${typeof d.gateway === 'string' ? ` (${d.gateway})` : ''}`;
    case 'address_invalid':
      return 'Address flagged as invalid';
    case 'address_changed':
      return 'Shipping address changed';
    case 'note':
      return `Note: ${String(d.note ?? '')}`;
    case 'shipped':
      return `Shipped with ${String(d.carrier ?? '')}, tracking ${String(d.tracking_number ?? '')}`;
    case 'print_files':
      return `Print files drawn (${Array.isArray(d.files) ? d.files.length : 0})`;
    case 'design_file':
      return `Designer uploaded the ${String(d.print_space ?? '')} print file`;
    case 'refund_pending':
    case 'refund_processing':
    case 'refund_completed':
    case 'refund_failed': {
      const amount =
        typeof d.amount === 'number' && typeof d.currency === 'string'
          ? ` of ${money(d.amount, d.currency)}`
          : '';
      const words = `${REFUND_WORDS[entry.kind.slice(7)]}${amount} through ${providerName(d.provider)}`;
      return typeof d.message === 'string' ? `${words}: ${d.message}` : words;
    }
    case 'status_changed':
      return `${orderWord(String(d.event ?? 'change'))}: ${orderWord(String(d.from ?? ''))} → ${orderWord(String(d.to ?? ''))}`;
    default:
      return orderWord(entry.kind);
  }
}

function actorText(actor: OrderDetail['timeline'][number]['actor']): string {
  const who = orderWord(actor.kind);
  return actor.name ? `${who} · ${actor.name}` : who;
}

/**
 * Order Detail (spec §2 /orders/detail/{id}, issue 13): items with mockups and print files,
 * buyer and address (editable until production), statuses, tracking links, the timeline, notes,
 * and only the actions core's order machine allows now.
 */
export function OrderDetailPage() {
  const id = Number(useParams().id ?? 0);
  const user = useMe();
  const order = useOrder(id);
  const utcOffset = user?.utc_offset ?? 0;

  if (!(id > 0)) return <NoOrderChosen title="Order Detail" purpose="details" />;
  if (order.isPending) {
    return (
      <p className="placeholder-glow" aria-busy="true">
        <span className="placeholder col-6" /> Loading the order…
      </p>
    );
  }
  if (order.isError) {
    return (
      <div className="alert alert-danger d-flex align-items-center gap-3" role="alert">
        <span className="flex-grow-1">{errorMessage(order.error)}</span>
        <Button size="sm" variant="outline-danger" onClick={() => void order.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  return <OrderView order={order.data} utcOffset={utcOffset} />;
}

function OrderView({ order, utcOffset }: { order: OrderDetail; utcOffset: number }) {
  const action = useOrderAction(order.id);
  const [confirming, setConfirming] = useState<SellerOrderAction | null>(null);
  const [notice, setNotice] = useState<{ ok: boolean; text: string } | null>(null);
  const shippedIds = order.items.filter((i) => i.status === 'fulfilled').map((i) => i.id);

  async function run(name: SellerOrderAction) {
    try {
      await action.mutateAsync({ action: name, itemIds: shippedIds });
      setNotice({ ok: true, text: `${ORDER_ACTION_LABELS[name]}: done.` });
    } catch (error) {
      setNotice({ ok: false, text: errorMessage(error) });
    }
  }

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <div>
          <Link to="/orders" className="small">
            ← All orders
          </Link>
          <h1 className="h3 mb-0" data-testid="order-title">
            Order {order.order_number}
          </h1>
          <small className="text-body-secondary">
            {userDateTime(order.created_at, utcOffset)}
            {order.store_name ? ` · ${order.store_name}` : ''} · {orderWord(order.type)}
          </small>
        </div>
        <div className="d-flex flex-wrap gap-2">
          {order.allowed_actions.map((name) => (
            <Button
              key={name}
              variant={name === 'cancel' ? 'outline-danger' : 'outline-primary'}
              disabled={action.isPending}
              onClick={() => setConfirming(name)}
              data-testid={`action-${name}`}
            >
              {ORDER_ACTION_LABELS[name]}
            </Button>
          ))}
          <Link to={`/orders/invoice/${order.id}`} className="btn btn-outline-secondary">
            Invoice
          </Link>
        </div>
      </div>

      {notice ? (
        <div
          className={`alert ${notice.ok ? 'alert-success' : 'alert-danger'}`}
          role={notice.ok ? 'status' : 'alert'}
          data-testid="order-notice"
        >
          {notice.text}
        </div>
      ) : null}

      <div className="d-flex flex-wrap gap-3 mb-3" data-testid="order-statuses">
        <span>
          Status <OrderBadge status={order.status} testId="detail-status" />
        </span>
        <span>
          Payment <OrderBadge status={order.payment_status} testId="detail-payment" />
        </span>
        <span>
          Fulfillment <OrderBadge status={order.fulfillment_status} testId="detail-fulfillment" />
        </span>
      </div>

      <div className="row g-3">
        <div className="col-lg-8">
          <Items order={order} />
          <Shipments order={order} utcOffset={utcOffset} />
          <Timeline order={order} utcOffset={utcOffset} />
        </div>
        <div className="col-lg-4">
          <Buyer order={order} />
          <Totals order={order} />
          <Refund order={order} utcOffset={utcOffset} />
        </div>
      </div>

      <ConfirmDialog
        show={confirming !== null}
        title={confirming ? `${ORDER_ACTION_LABELS[confirming]} order ${order.order_number}?` : ''}
        confirmLabel={confirming ? ORDER_ACTION_LABELS[confirming] : ''}
        danger={confirming === 'cancel'}
        busy={action.isPending}
        onConfirm={() => {
          const name = confirming;
          setConfirming(null);
          if (name) void run(name);
        }}
        onCancel={() => setConfirming(null)}
      >
        <p className="mb-0">
          {confirming === 'cancel'
            ? `The buyer is refunded ${money(order.total, order.currency)}. This cannot be undone.`
            : confirming === 'request_reprint'
              ? 'The shipped items are printed and shipped again.'
              : 'The order changes status; the timeline records it.'}
        </p>
      </ConfirmDialog>
    </>
  );
}

function Items({ order }: { order: OrderDetail }) {
  // Items sold together as a combo set share a bundle id: numbered in order of appearance.
  const sets = [
    ...new Set(order.items.map((i) => i.bundle_id).filter((b): b is string => Boolean(b))),
  ];
  return (
    <section className="card mb-3" aria-labelledby="items-heading">
      <div className="card-body">
        <h2 className="h5" id="items-heading">
          Items
        </h2>
        <ul className="list-unstyled mb-0">
          {order.items.map((item) => (
            <li key={item.id} className="d-flex gap-3 py-2 border-bottom" data-testid="order-item">
              {item.mockup_url ? (
                <img
                  src={api.images.url(item.mockup_url, THUMB)}
                  alt={`${item.name} mockup`}
                  width={64}
                  height={80}
                  className="rounded border object-fit-cover"
                />
              ) : (
                <div
                  className="rounded border bg-body-tertiary"
                  style={{ width: 64, height: 80 }}
                />
              )}
              <div className="flex-grow-1">
                <div className="fw-semibold">{item.name}</div>
                <div className="small text-body-secondary">
                  {item.color} · {item.size} · × {item.quantity} ·{' '}
                  {money(item.price, order.currency)}
                </div>
                {item.personalization.length > 0 ? (
                  <div className="small mt-1" data-testid="order-item-personalization">
                    <span className="fw-semibold">Personalisation</span>
                    <ul className="mb-1 ps-3">
                      {personalizationSummary(item.personalization).map((line, i) => (
                        <li key={`${item.personalization[i]?.layer_id ?? i}`}>{line}</li>
                      ))}
                    </ul>
                  </div>
                ) : null}
                <OrderBadge status={item.status} />
                {item.bundle_id && (
                  <span className="badge text-bg-info ms-1" data-testid="order-item-set">
                    Combo set
                    {sets.length === 1
                      ? ''
                      : ` ${sets.indexOf(item.bundle_id) + 1} of ${sets.length}`}
                  </span>
                )}
                {item.print_files.length > 0 ? (
                  <div className="small mt-1">
                    Print files:{' '}
                    {item.print_files.map((file) => (
                      <a
                        key={`${file.print_space}-${file.file_url}`}
                        href={file.file_url}
                        target="_blank"
                        rel="noopener noreferrer"
                        className="me-2"
                      >
                        {file.print_space}
                      </a>
                    ))}
                  </div>
                ) : null}
              </div>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Shipments({ order, utcOffset }: { order: OrderDetail; utcOffset: number }) {
  if (order.shipments.length === 0) return null;
  return (
    <section className="card mb-3" aria-labelledby="shipments-heading">
      <div className="card-body">
        <h2 className="h5" id="shipments-heading">
          Tracking
        </h2>
        <ul className="mb-0">
          {order.shipments.map((s) => (
            <li key={s.id} data-testid="shipment">
              {s.carrier}{' '}
              {s.tracking_url ? (
                <a href={s.tracking_url} target="_blank" rel="noopener noreferrer">
                  {s.tracking_number}
                </a>
              ) : (
                s.tracking_number
              )}{' '}
              <small className="text-body-secondary">{userDateTime(s.shipped_at, utcOffset)}</small>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}

function Timeline({ order, utcOffset }: { order: OrderDetail; utcOffset: number }) {
  const note = useOrderNote(order.id);
  const [text, setText] = useState('');
  return (
    <section className="card mb-3" aria-labelledby="timeline-heading">
      <div className="card-body">
        <h2 className="h5" id="timeline-heading">
          Timeline
        </h2>
        <ol className="list-unstyled mb-3" data-testid="timeline">
          {order.timeline.map((entry) => (
            <li key={entry.id} className="py-1 border-bottom" data-kind={entry.kind}>
              <div>{timelineText(entry)}</div>
              <small className="text-body-secondary">
                {userDateTime(entry.created_at, utcOffset)} · {actorText(entry.actor)}
              </small>
            </li>
          ))}
        </ol>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            if (!text.trim()) return;
            note.mutate(text, { onSuccess: () => setText('') });
          }}
        >
          <label htmlFor="order-note" className="form-label">
            Add a note
          </label>
          <textarea
            id="order-note"
            className={`form-control ${note.isError ? 'is-invalid' : ''}`}
            rows={2}
            value={text}
            maxLength={2000}
            onChange={(event) => setText(event.target.value)}
          />
          {note.isError ? <div className="invalid-feedback">{errorMessage(note.error)}</div> : null}
          <Button
            type="submit"
            size="sm"
            className="mt-2"
            disabled={note.isPending || !text.trim()}
          >
            Add note
          </Button>
        </form>
      </div>
    </section>
  );
}

function Buyer({ order }: { order: OrderDetail }) {
  const [editing, setEditing] = useState(false);
  const a = order.shipping_address;
  return (
    <section className="card mb-3" aria-labelledby="buyer-heading">
      <div className="card-body">
        <h2 className="h5" id="buyer-heading">
          Buyer
        </h2>
        <p className="mb-2">
          {order.customer_name ?? '—'}
          <br />
          <a href={`mailto:${order.email}`}>{order.email}</a>
        </p>
        <h3 className="h6">Shipping address</h3>
        {order.address_invalid ? (
          <p className="text-danger small mb-1">This address did not pass validation.</p>
        ) : null}
        {editing ? (
          <AddressForm order={order} onDone={() => setEditing(false)} />
        ) : (
          <>
            <address className="mb-2" data-testid="shipping-address">
              {a.name}
              <br />
              {a.line1}
              {a.line2 ? (
                <>
                  <br />
                  {a.line2}
                </>
              ) : null}
              <br />
              {a.city}
              {a.state ? `, ${a.state}` : ''} {a.postcode}
              <br />
              {a.country}
            </address>
            {order.address_editable ? (
              <Button size="sm" variant="outline-secondary" onClick={() => setEditing(true)}>
                Edit address
              </Button>
            ) : (
              <small className="text-body-secondary">
                The address can no longer change: production has started or the order is closed.
              </small>
            )}
          </>
        )}
      </div>
    </section>
  );
}

const ADDRESS_FIELDS = [
  ['name', 'Name'],
  ['line1', 'Address'],
  ['line2', 'Address line 2'],
  ['city', 'City'],
  ['state', 'State or province'],
  ['postcode', 'Postcode'],
  ['country', 'Country (2 letters)'],
] as const;

function AddressForm({ order, onDone }: { order: OrderDetail; onDone: () => void }) {
  const save = useOrderAddress(order.id);
  const { form, formError } = useApiForm({
    schema: OrderAddressBody,
    defaultValues: { ...order.shipping_address },
    serverError: save.error,
  });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit(async (address) => {
        try {
          await save.mutateAsync(address);
          onDone();
        } catch {
          // Shown through serverError: on its field, or above the form.
        }
      })}
      data-testid="address-form"
    >
      {formError ? (
        <div className="alert alert-danger py-2" role="alert">
          {errorMessage(formError)}
        </div>
      ) : null}
      {ADDRESS_FIELDS.map(([field, label]) => {
        const error = fieldError(form, field);
        return (
          <div className="mb-2" key={field}>
            <label htmlFor={`address-${field}`} className="form-label small mb-0">
              {label}
            </label>
            <input
              id={`address-${field}`}
              className={`form-control form-control-sm ${error ? 'is-invalid' : ''}`}
              aria-invalid={error ? true : undefined}
              {...form.register(field)}
            />
            {error ? <div className="invalid-feedback">{error}</div> : null}
          </div>
        );
      })}
      <div className="d-flex gap-2">
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save address
        </Button>
        <Button size="sm" variant="outline-secondary" onClick={onDone}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

/**
 * Where the buyer's money stands after a cancellation: the refund runs at the gateway in the
 * background, so it shows pending until the gateway answers, then completed or failed with the
 * gateway's message (a failed one must be refunded in the gateway itself).
 */
function Refund({ order, utcOffset }: { order: OrderDetail; utcOffset: number }) {
  const refund = order.refund;
  if (!refund) return null;
  const through = providerName(refund.provider);
  return (
    <section className="card mb-3" aria-labelledby="refund-heading" data-testid="order-refund">
      <div className="card-body">
        <h2 className="h5 d-flex align-items-center gap-2" id="refund-heading">
          Refund <OrderBadge status={refund.status} testId="refund-status" />
        </h2>
        <p className="small mb-2">
          {money(refund.amount, refund.currency)} through {through}
          {refund.status === 'completed'
            ? ` · sent back ${userDateTime(refund.updated_at, utcOffset)}`
            : refund.status === 'pending'
              ? ` · ${refund.attempts === 0 ? 'being sent' : `tried ${refund.attempts} time${refund.attempts === 1 ? '' : 's'}, trying again`}`
              : refund.status === 'processing'
                ? ` · accepted by ${through}, not finished yet`
                : ''}
        </p>
        {refund.message ? (
          <p
            className={`small mb-0 ${refund.status === 'failed' ? 'alert alert-danger py-2' : 'text-body-secondary'}`}
            role={refund.status === 'failed' ? 'alert' : undefined}
            data-testid="refund-message"
          >
            {refund.message}
          </p>
        ) : null}
      </div>
    </section>
  );
}

function Totals({ order }: { order: OrderDetail }) {
  const m = (minor: number) => money(minor, order.currency);
  return (
    <section className="card mb-3" aria-labelledby="totals-heading">
      <div className="card-body">
        <h2 className="h5" id="totals-heading">
          Payment
        </h2>
        <dl className="row mb-0 small">
          <dt className="col-6">Subtotal</dt>
          <dd className="col-6 text-end">{m(order.subtotal)}</dd>
          {order.discount ? (
            <>
              <dt className="col-6">
                Discount{order.coupon_code ? ` (${order.coupon_code})` : ''}
              </dt>
              <dd className="col-6 text-end">−{m(order.discount)}</dd>
            </>
          ) : null}
          <dt className="col-6">Shipping</dt>
          <dd className="col-6 text-end">{m(order.shipping)}</dd>
          {order.tip ? (
            <>
              <dt className="col-6">Tip</dt>
              <dd className="col-6 text-end">{m(order.tip)}</dd>
            </>
          ) : null}
          {order.processing_fee ? (
            <>
              <dt className="col-6">Processing fee</dt>
              <dd className="col-6 text-end">{m(order.processing_fee)}</dd>
            </>
          ) : null}
          <dt className="col-6">Total</dt>
          <dd className="col-6 text-end fw-semibold" data-testid="order-total">
            {m(order.total)}
          </dd>
          {order.payment_gateway ? (
            <>
              <dt className="col-6">Paid with</dt>
              <dd className="col-6 text-end">{order.payment_gateway}</dd>
            </>
          ) : null}
        </dl>
      </div>
    </section>
  );
}
