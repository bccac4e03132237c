import {
  errorMessage,
  pagePath,
  SHOP_KIND_LABELS,
  type ShopConnection,
  type ShopImportRun,
  type ShopKind,
  userDateTime,
} from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useDisconnectShop,
  useImportShop,
  useShopConnections,
  useShopImportRuns,
} from '../../api/hooks/useShopConnections.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { ListLoadError } from '../../lists/ListLoadError.js';
import { FormError } from '../auth/FormError.js';

/**
 * The seller's connected shops of one kind: when each was last imported, "Import now", the
 * import log (what was imported, each order left and why) and "Disconnect".
 */
export function ShopConnectionList({ kind }: { kind: ShopKind }) {
  const connections = useShopConnections();
  const [leaving, setLeaving] = useState<ShopConnection | null>(null);
  const disconnect = useDisconnectShop();
  if (connections.isPending) return <p role="status">Loading connected shops…</p>;
  if (connections.isError) {
    return <ListLoadError error={connections.error} onRetry={() => connections.refetch()} />;
  }
  const mine = connections.data.filter((c) => c.kind === kind);
  return (
    <section aria-labelledby={`${kind}-connected`}>
      <h2 className="h5" id={`${kind}-connected`}>
        Your {SHOP_KIND_LABELS[kind]} connections
      </h2>
      {mine.length === 0 ? (
        <p className="text-body-secondary">No {SHOP_KIND_LABELS[kind]} connection yet.</p>
      ) : (
        <ul className="list-unstyled">
          {mine.map((connection) => (
            <ConnectionItem
              key={connection.id}
              connection={connection}
              onDisconnect={() => setLeaving(connection)}
            />
          ))}
        </ul>
      )}
      <FormError error={disconnect.error} />
      <ConfirmDialog
        show={leaving !== null}
        title={`Disconnect ${leaving?.name ?? ''}?`}
        confirmLabel="Disconnect"
        danger
        busy={disconnect.isPending}
        onCancel={() => setLeaving(null)}
        onConfirm={() => {
          if (leaving) disconnect.mutate(leaving.id, { onSuccess: () => setLeaving(null) });
        }}
      >
        Its orders are no longer imported and its credentials are deleted. Orders already imported
        stay in Fulfill Orders.
      </ConfirmDialog>
    </section>
  );
}

function ConnectionItem({
  connection,
  onDisconnect,
}: {
  connection: ShopConnection;
  onDisconnect: () => void;
}) {
  const utcOffset = useMe()?.utc_offset ?? 0;
  const [showLog, setShowLog] = useState(false);
  const importNow = useImportShop();
  const logId = `shop-log-${connection.id}`;
  return (
    <li className="card card-body mb-3" data-testid="shop-connection">
      <div className="d-flex flex-wrap align-items-start gap-2">
        <div className="flex-grow-1">
          <h3 className="h6 mb-1">{connection.name}</h3>
          <div className="small text-body-secondary">
            {connection.shop_url ? <span>{connection.shop_url} · </span> : null}
            {Object.entries(connection.credentials).map(([key, value]) => (
              <span key={key}>
                {key.replace(/_/g, ' ')} {value}
              </span>
            ))}
          </div>
          <div className="small">
            {connection.last_import_at ? (
              <>
                Last import{' '}
                <time dateTime={connection.last_import_at}>
                  {userDateTime(connection.last_import_at, utcOffset)}
                </time>
              </>
            ) : (
              'Not imported yet: orders are imported every hour'
            )}
          </div>
          {connection.last_error ? (
            <div className="small text-danger">Last import failed: {connection.last_error}</div>
          ) : null}
        </div>
        <Button
          size="sm"
          onClick={() => importNow.mutate(connection.id)}
          disabled={importNow.isPending}
          aria-label={`Import orders of ${connection.name} now`}
        >
          {importNow.isPending ? 'Importing…' : 'Import now'}
        </Button>
        <Button
          size="sm"
          variant="outline-secondary"
          aria-expanded={showLog}
          aria-controls={logId}
          onClick={() => setShowLog((shown) => !shown)}
        >
          {showLog ? 'Hide import log' : 'Import log'}
        </Button>
        <Button
          size="sm"
          variant="outline-danger"
          onClick={onDisconnect}
          aria-label={`Disconnect ${connection.name}`}
        >
          Disconnect
        </Button>
      </div>
      {importNow.data ? (
        <div className="mt-2" role="status">
          <RunSummary run={importNow.data} />
        </div>
      ) : null}
      {importNow.error ? (
        <div className="alert alert-danger py-2 mt-2" role="alert">
          {errorMessage(importNow.error)}
        </div>
      ) : null}
      {showLog ? <ImportLog id={logId} connectionId={connection.id} /> : null}
    </li>
  );
}

function RunSummary({ run }: { run: ShopImportRun }) {
  if (run.error) return <span className="text-danger">Import failed: {run.error}</span>;
  return (
    <span>
      {run.imported === 1 ? '1 order imported' : `${run.imported} orders imported`}
      {run.skipped.length > 0 ? `, ${run.skipped.length} skipped` : ''}
      {run.imported > 0 ? (
        <>
          {' '}
          · <Link to={pagePath('fulfill_orders')}>See them in Fulfill Orders</Link>
        </>
      ) : null}
    </span>
  );
}

function ImportLog({ id, connectionId }: { id: string; connectionId: number }) {
  const utcOffset = useMe()?.utc_offset ?? 0;
  const runs = useShopImportRuns(connectionId, true);
  return (
    <div id={id} className="mt-3">
      {runs.isPending ? <p role="status">Loading the import log…</p> : null}
      {runs.isError ? <ListLoadError error={runs.error} onRetry={() => runs.refetch()} /> : null}
      {runs.data?.length === 0 ? (
        <p className="text-body-secondary">No import has run yet.</p>
      ) : null}
      {runs.data && runs.data.length > 0 ? (
        <table className="table table-sm">
          <caption className="visually-hidden">Import log</caption>
          <thead>
            <tr>
              <th scope="col">Started</th>
              <th scope="col">By</th>
              <th scope="col">Result</th>
            </tr>
          </thead>
          <tbody>
            {runs.data.map((run) => (
              <tr key={run.id} data-testid="import-run">
                <td>
                  <time dateTime={run.started_at}>{userDateTime(run.started_at, utcOffset)}</time>
                </td>
                <td>{run.trigger === 'manual' ? 'You' : 'Schedule'}</td>
                <td>
                  <RunSummary run={run} />
                  {run.skipped.length > 0 ? (
                    <ul className="small mb-0">
                      {run.skipped.map((skip) => (
                        <li key={skip.external_order_id}>
                          {skip.external_order_id}: {skip.reason}
                        </li>
                      ))}
                    </ul>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </div>
  );
}
