import {
  API,
  errorMessage,
  type InvalidAddressRow,
  ShippingAddress,
  userDate,
} from '@printloom/core';
import { useCallback, useEffect, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useFixAddress, useInvalidAddresses } from '../../api/hooks/useOrderCare.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { money } from '../customers/money.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';

const FIELDS = [
  { name: 'name', label: 'Full name' },
  { name: 'line1', label: 'Address' },
  { name: 'line2', label: 'Apartment, suite' },
  { name: 'city', label: 'City' },
  { name: 'state', label: 'State / province' },
  { name: 'postcode', label: 'Postcode' },
  { name: 'country', label: 'Country (2 letters)' },
] as const;

/**
 * Invalid Address (spec §2 /invalid-address, issue 13): orders held because their address failed
 * the checkout's check, with what was wrong; correcting one (checked the same way) releases it.
 */
export function InvalidAddressPage() {
  const user = useMe();
  const utcOffset = user?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.orderCare.invalidAddresses.query);
  const list = useInvalidAddresses(query);
  const [editing, setEditing] = useState<InvalidAddressRow | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const rows = page?.data ?? ([] as InvalidAddressRow[]);
  const columns = useMemo(() => addressColumns(utcOffset, setEditing), [utcOffset]);

  return (
    <>
      <h1 className="h3 mb-3">Invalid Address</h1>
      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div className="flex-grow-1" style={{ minWidth: 220, maxWidth: 360 }}>
          <SearchBox
            value={raw.q ?? ''}
            onSearch={onSearch}
            label="Search by order number, email or name"
          />
        </div>
      </search>
      {notice ? (
        <div className="alert alert-success alert-dismissible" role="status">
          {notice}
          <button
            type="button"
            className="btn-close"
            aria-label="Dismiss"
            onClick={() => setNotice(null)}
          />
        </div>
      ) : null}
      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />
      <DataTable
        caption="Orders held for their address"
        columns={columns}
        rows={rows}
        rowId={(row) => row.id}
        loading={list.isPending}
        busy={list.isFetching}
        rowProps={(row) => ({ 'data-testid': 'invalid-address-row', 'data-order-id': row.id })}
      />
      {page && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {raw.q !== undefined ? (
            <>
              <p className="mb-3">No held orders match this search.</p>
              <Link to="/invalid-address" className="btn btn-outline-secondary">
                Clear search
              </Link>
            </>
          ) : (
            <p className="mb-0">No orders are held for their address.</p>
          )}
        </div>
      ) : null}
      {page && page.total > 0 ? (
        <ListPagination
          page={page.current_page}
          lastPage={page.last_page}
          total={page.total}
          totalIsCapped={page.total_is_capped}
          from={page.from}
          to={page.to}
          noun="orders"
          onPage={(next) => update({ page: next })}
        />
      ) : null}
      <AddressDialog
        order={editing}
        onClose={() => setEditing(null)}
        onSaved={(order) => {
          setEditing(null);
          setNotice(`Address of ${order.order_number} saved; the order is released.`);
        }}
      />
    </>
  );
}

function AddressDialog(props: {
  order: InvalidAddressRow | null;
  onClose: () => void;
  onSaved: (order: InvalidAddressRow) => void;
}) {
  const fix = useFixAddress();
  const { form, formError } = useApiForm({
    schema: ShippingAddress,
    defaultValues: props.order?.shipping_address ?? {},
    serverError: fix.error,
  });
  const { reset } = form;
  const { order } = props;
  const resetFix = fix.reset;
  useEffect(() => {
    if (order) {
      reset(order.shipping_address);
      resetFix();
    }
  }, [order, reset, resetFix]);
  const submit = form.handleSubmit(async (address) => {
    if (!order) return;
    try {
      props.onSaved(await fix.mutateAsync({ id: order.id, address }));
    } catch {
      // Field errors land on their fields; the rest shows above the buttons.
    }
  });
  const problems = new Map(order?.problems.map((p) => [p.field, p.message]) ?? []);

  return (
    <Modal show={order !== null} onHide={props.onClose} aria-labelledby="address-title">
      <Form noValidate onSubmit={(event) => void submit(event)}>
        <Modal.Header closeButton>
          <Modal.Title id="address-title">Correct the address of {order?.order_number}</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {FIELDS.map(({ name, label }) => {
            const error =
              fieldError(form, name) ??
              (form.formState.isSubmitted ? undefined : problems.get(name));
            return (
              <Form.Group className="mb-2" controlId={`address-${name}`} key={name}>
                <Form.Label>{label}</Form.Label>
                <Form.Control isInvalid={error !== undefined} {...form.register(name)} />
                <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
              </Form.Group>
            );
          })}
          {formError ? (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {errorMessage(formError)}
            </div>
          ) : null}
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={props.onClose}>
            Cancel
          </Button>
          <Button type="submit" disabled={fix.isPending}>
            {fix.isPending ? 'Saving…' : 'Save and release'}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}

function addressColumns(
  utcOffset: number,
  onEdit: (order: InvalidAddressRow) => void,
): ListColumn<InvalidAddressRow>[] {
  const column = listColumns<InvalidAddressRow>();
  return [
    column.accessor('order_number', {
      id: 'order',
      header: 'Order',
      cell: ({ row }) => (
        <>
          <Link to={`/orders/detail/${row.original.id}`} className="fw-semibold">
            {row.original.order_number}
          </Link>
          <small className="d-block text-body-secondary">
            {row.original.email} · {money(row.original.total, row.original.currency)}
          </small>
        </>
      ),
    }),
    column.display({
      id: 'address',
      header: 'Address',
      cell: ({ row }) => {
        const a = row.original.shipping_address;
        return (
          <span className="small">
            {a.name}, {a.line1}
            {a.line2 ? `, ${a.line2}` : ''}, {a.city} {a.state ?? ''} {a.postcode}, {a.country}
          </span>
        );
      },
    }),
    column.display({
      id: 'problems',
      header: 'What is wrong',
      cell: ({ row }) => (
        <ul className="list-unstyled small mb-0 text-danger">
          {row.original.problems.length === 0 ? (
            <li className="text-body-secondary">Flagged at checkout</li>
          ) : (
            row.original.problems.map((p) => <li key={p.field}>{p.message}</li>)
          )}
        </ul>
      ),
    }),
    column.display({
      id: 'created',
      header: 'Ordered',
      cell: ({ row }) => (
        <span className="small text-nowrap">{userDate(row.original.created_at, utcOffset)}</span>
      ),
    }),
    column.display({
      id: 'actions',
      header: () => <span className="visually-hidden">Actions</span>,
      cell: ({ row }) => (
        <Button
          size="sm"
          variant="outline-primary"
          aria-label={`Correct the address of ${row.original.order_number}`}
          onClick={() => onEdit(row.original)}
        >
          Correct
        </Button>
      ),
    }),
  ];
}
