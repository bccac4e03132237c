import { type FormEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate } from 'react-router';

/**
 * What an order page shows when its address names no order (`/orders/detail`,
 * `/orders/invoice`): the page's heading, a way to find the order by its number in the orders
 * list (the list searches numbers, emails, names and tracking numbers), and the list itself.
 */
export function NoOrderChosen({ title, purpose }: { title: string; purpose: string }) {
  const navigate = useNavigate();
  const [number, setNumber] = useState('');
  const [error, setError] = useState<string | null>(null);
  const inputId = useId();
  const errorId = useId();
  const find = (event: FormEvent) => {
    event.preventDefault();
    const q = number.trim();
    if (q === '') {
      setError('Enter an order number.');
      return;
    }
    void navigate(`/orders?${new URLSearchParams({ q })}`);
  };
  return (
    <section aria-labelledby={`${inputId}-title`} data-testid="no-order-chosen">
      <h1 className="h3" id={`${inputId}-title`}>
        {title}
      </h1>
      <p className="text-body-secondary">
        No order is chosen. Find the order whose {purpose} you want, or open it from the{' '}
        <Link to="/orders">orders list</Link>.
      </p>
      <form className="d-flex flex-wrap gap-2 align-items-start" onSubmit={find} noValidate>
        <div>
          <label className="visually-hidden" htmlFor={inputId}>
            Order number
          </label>
          <input
            id={inputId}
            className={`form-control${error ? ' is-invalid' : ''}`}
            placeholder="Order number, e.g. PL1001"
            value={number}
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            onChange={(event) => {
              setNumber(event.target.value);
              setError(null);
            }}
          />
          {error ? (
            <div className="invalid-feedback" id={errorId}>
              {error}
            </div>
          ) : null}
        </div>
        <Button type="submit">Find order</Button>
      </form>
    </section>
  );
}
