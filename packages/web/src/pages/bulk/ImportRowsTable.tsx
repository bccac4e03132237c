import Badge from 'react-bootstrap/Badge';
import Table from 'react-bootstrap/Table';
import type { CheckedRow } from './checkImportRows.js';

function fileName(source: string): string {
  return source === '' ? '(empty)' : source.slice(source.lastIndexOf('/') + 1);
}

/**
 * Step 3 of the import: every row as it will be sent, checked before anything leaves the
 * browser. Invalid rows stay listed with the spec's message and are left out of the job.
 */
export function ImportRowsTable({ rows }: { rows: readonly CheckedRow[] }) {
  return (
    <div className="table-responsive" style={{ maxHeight: 480 }}>
      <Table size="sm" className="align-middle mb-0" data-testid="import-rows">
        <thead className="sticky-top">
          <tr>
            <th scope="col">#</th>
            <th scope="col">Campaign name</th>
            <th scope="col">Designs</th>
            <th scope="col">Check</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr
              key={row.index}
              data-testid="import-row"
              data-valid={row.ok ? 'true' : 'false'}
              className={row.ok ? undefined : 'table-danger'}
            >
              <td className="text-body-secondary small">{row.index + 1}</td>
              <td>{row.campaign_name}</td>
              <td className="small">
                {row.designs.length === 0 ? (
                  <span className="text-body-secondary">no design</span>
                ) : (
                  row.designs.map((design, at) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: designs have no id and never reorder
                    <span key={at} className="d-block text-truncate" style={{ maxWidth: 360 }}>
                      <code>{design.print_space ?? 'main'}</code> ← {fileName(design.source)}
                    </span>
                  ))
                )}
              </td>
              <td>
                {row.ok ? (
                  <Badge bg="success">
                    Valid
                    <span className="visually-hidden">
                      : {row.designCount} designs, {row.mockupCount} mockups
                    </span>
                  </Badge>
                ) : (
                  <>
                    <Badge bg="danger">Invalid</Badge>{' '}
                    <span className="small text-danger fw-semibold" data-testid="row-message">
                      {row.message}
                    </span>
                    {row.detail ? (
                      <small className="d-block text-body-secondary">{row.detail}</small>
                    ) : null}
                  </>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </div>
  );
}
