import {
  type ColumnDef,
  createColumnHelper,
  FlexRender,
  type RowData,
  tableFeatures,
  useTable,
} from '@tanstack/react-table';
import { type ReactNode, useEffect, useRef } from 'react';
import Placeholder from 'react-bootstrap/Placeholder';
import Table from 'react-bootstrap/Table';

/**
 * The table features every list uses: none beyond the core. Paging, sorting and filtering
 * belong to the server (the list route's query in the address) and selection to the page, so
 * the table only turns column definitions into headers and cells.
 */
export const listFeatures = tableFeatures({});
export type ListFeatures = typeof listFeatures;

/** A list column (TanStack Table's definition with the list features). */
// biome-ignore lint/suspicious/noExplicitAny: a column list mixes columns of different value types, as TanStack's own ColumnDef[] does.
export type ListColumn<T extends RowData> = ColumnDef<ListFeatures, T, any>;

/** Column helper of a list page: `listColumns<Campaign>().accessor('name', {...})`. */
export const listColumns = <T extends RowData>() => createColumnHelper<ListFeatures, T>();

/** Bulk selection of the rows on screen, by id; the page owns it. */
export interface ListSelection<T> {
  selected: ReadonlySet<number>;
  onChange: (next: Set<number>) => void;
  /** What the row's checkbox reads out, e.g. `Select Summer Tee`. */
  label: (row: T) => string;
}

/** Server ordering through column headers: `fields` maps a column id to its order field. */
export interface ListSort {
  /** The list's `order_by`, `field:asc` or `field:desc`. */
  value: string;
  fields: Readonly<Record<string, string>>;
  onChange: (orderBy: string) => void;
}

export interface DataTableProps<T extends RowData> {
  /** The table's name for assistive technology (a visually hidden caption). */
  caption: string;
  columns: readonly ListColumn<T>[];
  rows: readonly T[];
  rowId: (row: T) => number;
  /** No page has arrived yet: placeholder rows. */
  loading: boolean;
  /** A new page is on its way while the previous one stays on screen. */
  busy?: boolean;
  selection?: ListSelection<T> | undefined;
  sort?: ListSort | undefined;
  /** Extra attributes of a row, such as a test id. */
  rowProps?: (row: T) => Record<string, string | number>;
}

const LOADING_ROWS = 5;
const SELECT_COLUMN_WIDTH = 40;

function SelectAll(props: { checked: boolean; indeterminate: boolean; onChange: () => void }) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = props.indeterminate;
  }, [props.indeterminate]);
  return (
    <input
      ref={ref}
      type="checkbox"
      className="form-check-input"
      aria-label="Select all on this page"
      checked={props.checked}
      onChange={props.onChange}
    />
  );
}

function SortButton(props: { label: ReactNode; field: string; sort: ListSort }) {
  const [field, direction] = props.sort.value.split(':');
  const active = field === props.field;
  const next = active && direction === 'asc' ? 'desc' : 'asc';
  return (
    <button
      type="button"
      className="btn btn-link p-0 text-reset fw-semibold text-decoration-none"
      onClick={() => props.sort.onChange(`${props.field}:${next}`)}
    >
      {props.label}
      <span aria-hidden="true">{active ? (direction === 'asc' ? ' ▲' : ' ▼') : ''}</span>
    </button>
  );
}

/**
 * A list's table: columns from TanStack Table definitions, an optional selection column
 * (native checkboxes, so Tab and Space work), header buttons for server sorting with
 * `aria-sort`, placeholder rows while the first page loads and `aria-busy` while the next does.
 */
export function DataTable<T extends RowData>(props: DataTableProps<T>) {
  const { selection, sort, rowId } = props;
  const table = useTable({
    features: listFeatures,
    columns: props.columns as ListColumn<T>[],
    data: props.rows as T[],
    getRowId: (row) => String(rowId(row)),
  });
  const ids = props.rows.map(rowId);
  const selectedHere = selection ? ids.filter((id) => selection.selected.has(id)).length : 0;
  const toggleAll = () => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (selectedHere === ids.length) for (const id of ids) next.delete(id);
    else for (const id of ids) next.add(id);
    selection.onChange(next);
  };
  const toggle = (id: number) => {
    if (!selection) return;
    const next = new Set(selection.selected);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    selection.onChange(next);
  };
  const columnCount = props.columns.length + (selection ? 1 : 0);

  return (
    <div className="table-responsive">
      <Table hover className="align-middle" aria-busy={props.busy ?? false}>
        <caption className="visually-hidden">{props.caption}</caption>
        <thead>
          {table.getHeaderGroups().map((group) => (
            <tr key={group.id}>
              {selection ? (
                <th scope="col" style={{ width: SELECT_COLUMN_WIDTH }}>
                  <SelectAll
                    checked={ids.length > 0 && selectedHere === ids.length}
                    indeterminate={selectedHere > 0 && selectedHere < ids.length}
                    onChange={toggleAll}
                  />
                </th>
              ) : null}
              {group.headers.map((header) => {
                const field = sort?.fields[header.column.id];
                const [sortField, direction] = sort?.value.split(':') ?? [];
                const ariaSort =
                  field && field === sortField
                    ? direction === 'asc'
                      ? 'ascending'
                      : 'descending'
                    : undefined;
                return (
                  <th key={header.id} scope="col" aria-sort={ariaSort}>
                    {header.isPlaceholder ? null : sort && field ? (
                      <SortButton
                        label={<FlexRender header={header} />}
                        field={field}
                        sort={sort}
                      />
                    ) : (
                      <FlexRender header={header} />
                    )}
                  </th>
                );
              })}
            </tr>
          ))}
        </thead>
        <tbody>
          {props.loading && props.rows.length === 0
            ? Array.from({ length: LOADING_ROWS }, (_, index) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: placeholder rows have nothing else to key on.
                <tr key={index}>
                  <td colSpan={columnCount}>
                    <Placeholder animation="glow">
                      {index === 0 ? <span className="visually-hidden">Loading…</span> : null}
                      <Placeholder xs={12} />
                    </Placeholder>
                  </td>
                </tr>
              ))
            : null}
          {table.getRowModel().rows.map((row) => {
            const id = rowId(row.original);
            const checked = selection?.selected.has(id) ?? false;
            return (
              <tr
                key={row.id}
                className={checked ? 'table-active' : undefined}
                aria-selected={selection ? checked : undefined}
                {...props.rowProps?.(row.original)}
              >
                {selection ? (
                  <td>
                    <input
                      type="checkbox"
                      className="form-check-input"
                      aria-label={selection.label(row.original)}
                      checked={checked}
                      onChange={() => toggle(id)}
                    />
                  </td>
                ) : null}
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            );
          })}
        </tbody>
      </Table>
    </div>
  );
}
