import {
  type AbandonedCheckoutRow,
  AbandonedSettings,
  API,
  DEFAULT_ABANDONED_SETTINGS,
  errorMessage,
  userDateTime,
} from '@printloom/core';
import { useCallback, useEffect, useMemo } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import {
  useAbandonedList,
  useAbandonedSettings,
  useSaveAbandonedSettings,
} from '../../api/hooks/useAbandoned.js';
import { useMe } from '../../api/hooks/useAuth.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { DataTable, type ListColumn, listColumns } from '../../lists/DataTable.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { useListUrlState } from '../../lists/useListUrlState.js';
import { money } from '../customers/money.js';
import { FilterSelect } from '../lists/FilterSelect.js';
import { ListPagination } from '../lists/ListPagination.js';
import { SearchBox } from '../lists/SearchBox.js';

type Row = AbandonedCheckoutRow & { key: number };

/** "90 minutes" → "1 h 30 min", "4320" → "3 days". */
function duration(minutes: number): string {
  if (!Number.isFinite(minutes) || minutes <= 0) return '';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const mins = minutes % 60;
  return [
    days ? `${days} day${days > 1 ? 's' : ''}` : '',
    hours ? `${hours} h` : '',
    mins ? `${mins} min` : '',
  ]
    .filter(Boolean)
    .join(' ');
}

/**
 * Abandoned checkouts (spec §2 /abandoned-orders, issue 13): the recovery schedule (emails 1 to
 * 3, spec §3) and the checkouts buyers left, on the list pattern, with which emails went out and
 * whether the buyer came back and paid.
 */
export function AbandonedPage() {
  const user = useMe();
  const utcOffset = user?.utc_offset ?? 0;
  const { query, raw, update } = useListUrlState(API.abandoned.list.query);
  const list = useAbandonedList(query);
  const onSearch = useCallback((q: string) => update({ q }, { replace: true }), [update]);
  const page = list.data;
  const rows: Row[] = useMemo(
    () => (page?.data ?? ([] as AbandonedCheckoutRow[])).map((row, key) => ({ ...row, key })),
    [page],
  );
  const filtered = raw.q !== undefined || raw.recovered !== undefined;
  const columns = useMemo(() => abandonedColumns(utcOffset), [utcOffset]);

  return (
    <>
      <h1 className="h3 mb-3">Abandoned Checkouts</h1>
      <ScheduleForm />

      <h2 className="h5 mt-4">Left checkouts</h2>
      <search className="d-flex flex-wrap gap-2 align-items-start mb-3" aria-label="Filters">
        <div className="flex-grow-1" style={{ minWidth: 220, maxWidth: 360 }}>
          <SearchBox value={raw.q ?? ''} onSearch={onSearch} label="Search by email" />
        </div>
        <FilterSelect
          label="Recovered"
          allLabel="Recovered or not"
          value={query.recovered ?? ''}
          options={[
            { value: 'yes', label: 'Recovered' },
            { value: 'no', label: 'Not recovered' },
          ]}
          onChange={(recovered) =>
            update({ recovered: recovered === 'yes' || recovered === 'no' ? recovered : undefined })
          }
        />
      </search>

      <ListLoadError error={list.error} onRetry={() => void list.refetch()} />

      <DataTable
        caption="Abandoned checkouts"
        columns={columns}
        rows={rows}
        rowId={(row) => row.key}
        loading={list.isPending}
        busy={list.isFetching}
        rowProps={(row) => ({ 'data-testid': 'abandoned-row', 'data-checkout-id': row.id })}
      />

      {page && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          {filtered ? (
            <>
              <p className="mb-3">No abandoned checkouts match these filters.</p>
              <Link to="/abandoned-orders" className="btn btn-outline-secondary">
                Clear filters
              </Link>
            </>
          ) : (
            <p className="mb-0">
              No abandoned checkouts. Checkouts buyers leave unpaid show here once the first email’s
              delay has passed.
            </p>
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
          noun="checkouts"
          onPage={(next) => update({ page: next })}
        />
      ) : null}
    </>
  );
}

function ScheduleForm() {
  const settings = useAbandonedSettings();
  const save = useSaveAbandonedSettings();
  const { form, formError } = useApiForm({
    schema: AbandonedSettings,
    defaultValues: DEFAULT_ABANDONED_SETTINGS,
    serverError: save.error,
  });
  const { reset } = form;
  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);
  const submit = form.handleSubmit((values) => save.mutate(values));
  const delays = form.watch(['delay1_minutes', 'delay2_minutes', 'delay3_minutes']);

  return (
    <section className="card" aria-labelledby="schedule-title">
      <div className="card-body">
        <h2 className="h5" id="schedule-title">
          Recovery emails
        </h2>
        <p className="small text-body-secondary">
          Up to three emails to buyers who left a checkout unpaid, each with a link that puts their
          items back in the cart. Delays count from when the checkout was left.
        </p>
        {settings.isError ? (
          <div className="alert alert-danger" role="alert">
            {errorMessage(settings.error)}
          </div>
        ) : null}
        <Form noValidate onSubmit={(event) => void submit(event)}>
          <Form.Check
            type="switch"
            id="recovery-enabled"
            label="Send recovery emails"
            className="mb-3"
            {...form.register('enabled')}
          />
          <div className="row g-3">
            {([1, 2, 3] as const).map((n, i) => {
              const name = `delay${n}_minutes` as const;
              const error = fieldError(form, name);
              return (
                <Form.Group className="col-sm-4" controlId={`recovery-${name}`} key={name}>
                  <Form.Label>Email {n} after (minutes)</Form.Label>
                  <Form.Control
                    type="number"
                    min={15}
                    isInvalid={error !== undefined}
                    aria-describedby={`recovery-${name}-help`}
                    {...form.register(name, { valueAsNumber: true })}
                  />
                  <Form.Text id={`recovery-${name}-help`}>{duration(Number(delays[i]))}</Form.Text>
                  <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
                </Form.Group>
              );
            })}
          </div>
          {formError ? (
            <div className="alert alert-danger mt-3" role="alert">
              {errorMessage(formError)}
            </div>
          ) : null}
          {save.isSuccess && !form.formState.isDirty ? (
            <p className="text-success small mt-2 mb-0" role="status">
              Saved.
            </p>
          ) : null}
          <Button type="submit" className="mt-3" disabled={save.isPending || settings.isPending}>
            {save.isPending ? 'Saving…' : 'Save schedule'}
          </Button>
        </Form>
      </div>
    </section>
  );
}

function abandonedColumns(utcOffset: number): ListColumn<Row>[] {
  const column = listColumns<Row>();
  return [
    column.accessor('email', {
      id: 'email',
      header: 'Buyer',
      cell: ({ row }) => (
        <>
          <span className="fw-semibold">{row.original.email}</span>
          <small className="d-block text-body-secondary">{row.original.store_name}</small>
        </>
      ),
    }),
    column.display({
      id: 'cart',
      header: 'Cart',
      cell: ({ row }) =>
        `${row.original.items_count} ${row.original.items_count === 1 ? 'line' : 'lines'} · ${money(row.original.total, row.original.currency)}`,
    }),
    column.display({
      id: 'left',
      header: 'Left',
      cell: ({ row }) => (
        <span className="small text-nowrap">
          {userDateTime(row.original.created_at, utcOffset)}
        </span>
      ),
    }),
    column.display({
      id: 'emails',
      header: 'Emails sent',
      cell: ({ row }) =>
        row.original.emails.length === 0 ? (
          <span className="text-body-secondary small">None yet</span>
        ) : (
          <ul className="list-unstyled small mb-0">
            {row.original.emails.map((email) => (
              <li key={email.number}>
                Email {email.number}: {userDateTime(email.sent_at, utcOffset)}
              </li>
            ))}
          </ul>
        ),
    }),
    column.display({
      id: 'recovered',
      header: 'Recovered',
      cell: ({ row }) =>
        row.original.recovered ? (
          <span className="badge text-bg-success">Recovered</span>
        ) : (
          <span className="badge text-bg-light">Not yet</span>
        ),
    }),
  ];
}
