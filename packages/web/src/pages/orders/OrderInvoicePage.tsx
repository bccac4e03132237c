import { errorMessage, personalizationSummary, userDate } from '@printloom/core';
import Button from 'react-bootstrap/Button';
import { Link, useParams } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useOrder } from '../../api/hooks/useOrders.js';
import { NoOrderChosen } from './NoOrderChosen.js';
import { money } from './orderLabels.js';

/**
 * Invoice rules for print: only the invoice shows on paper (the dashboard's chrome and the
 * buttons are hidden), in black on white with no shadows.
 */
const PRINT_CSS = `@media print {
  body * { visibility: hidden; }
  #invoice, #invoice * { visibility: visible; }
  #invoice { position: absolute; inset: 0 auto auto 0; width: 100%; color: #000; background: #fff; }
  .invoice-no-print { display: none !important; }
  #invoice .card { border: none; box-shadow: none; }
}`;

/**
 * Order Invoice (spec §2 /orders/invoice/{id}): a printable invoice of the order. "Print / Save
 * as PDF" opens the browser's print dialog, whose PDF printer writes the file.
 */
export function OrderInvoicePage() {
  const id = Number(useParams().id ?? 0);
  const user = useMe();
  const order = useOrder(id);
  if (!(id > 0)) return <NoOrderChosen title="Order Invoice" purpose="invoice" />;
  if (order.isPending) return <p aria-busy="true">Loading the invoice…</p>;
  if (order.isError) {
    return (
      <div className="alert alert-danger" role="alert">
        {errorMessage(order.error)}
      </div>
    );
  }
  const o = order.data;
  const m = (minor: number) => money(minor, o.currency);
  const a = o.shipping_address;
  return (
    <>
      <style>{PRINT_CSS}</style>
      <div className="d-flex gap-2 mb-3 invoice-no-print">
        <Link to={`/orders/detail/${o.id}`} className="btn btn-outline-secondary">
          Back to the order
        </Link>
        <Button onClick={() => window.print()} data-testid="print-invoice">
          Print / Save as PDF
        </Button>
      </div>
      <article id="invoice" className="card" aria-label={`Invoice ${o.order_number}`}>
        <div className="card-body">
          <div className="d-flex justify-content-between flex-wrap gap-3 mb-4">
            <div>
              <h1 className="h3 mb-1">Invoice</h1>
              <div>Order {o.order_number}</div>
              <div>Date {userDate(o.paid_at ?? o.created_at, user?.utc_offset ?? 0)}</div>
            </div>
            <div className="text-end">
              <div className="fw-semibold">{o.store_name ?? user?.name ?? ''}</div>
            </div>
          </div>
          <h2 className="h6">Bill and ship to</h2>
          <address>
            {a.name}
            <br />
            {a.line1}
            {a.line2 ? `, ${a.line2}` : ''}
            <br />
            {a.city}
            {a.state ? `, ${a.state}` : ''} {a.postcode}, {a.country}
            <br />
            {o.email}
          </address>
          <table className="table">
            <thead>
              <tr>
                <th scope="col">Item</th>
                <th scope="col">Colour / size</th>
                <th scope="col" className="text-end">
                  Qty
                </th>
                <th scope="col" className="text-end">
                  Unit price
                </th>
                <th scope="col" className="text-end">
                  Amount
                </th>
              </tr>
            </thead>
            <tbody>
              {o.items.map((item) => (
                <tr key={item.id}>
                  <td>
                    {item.name}
                    {item.personalization.length > 0 ? (
                      <ul className="small mb-0 ps-3">
                        {personalizationSummary(item.personalization).map((line, i) => (
                          <li key={`${item.personalization[i]?.layer_id ?? i}`}>{line}</li>
                        ))}
                      </ul>
                    ) : null}
                  </td>
                  <td>
                    {item.color} / {item.size}
                  </td>
                  <td className="text-end">{item.quantity}</td>
                  <td className="text-end">{m(item.price)}</td>
                  <td className="text-end">{m(item.price * item.quantity)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={4} className="text-end">
                  Subtotal
                </th>
                <td className="text-end">{m(o.subtotal)}</td>
              </tr>
              {o.discount ? (
                <tr>
                  <th scope="row" colSpan={4} className="text-end">
                    Discount
                  </th>
                  <td className="text-end">−{m(o.discount)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row" colSpan={4} className="text-end">
                  Shipping
                </th>
                <td className="text-end">{m(o.shipping)}</td>
              </tr>
              {o.tip ? (
                <tr>
                  <th scope="row" colSpan={4} className="text-end">
                    Tip
                  </th>
                  <td className="text-end">{m(o.tip)}</td>
                </tr>
              ) : null}
              {o.processing_fee ? (
                <tr>
                  <th scope="row" colSpan={4} className="text-end">
                    Processing fee
                  </th>
                  <td className="text-end">{m(o.processing_fee)}</td>
                </tr>
              ) : null}
              <tr>
                <th scope="row" colSpan={4} className="text-end">
                  Total
                </th>
                <td className="text-end fw-bold" data-testid="invoice-total">
                  {m(o.total)}
                </td>
              </tr>
            </tfoot>
          </table>
          <p className="small mb-0">
            Payment: {o.payment_status.replace(/_/g, ' ')}
            {o.payment_gateway ? ` (${o.payment_gateway})` : ''}
          </p>
        </div>
      </article>
    </>
  );
}
