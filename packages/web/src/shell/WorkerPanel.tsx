import { useEffect, useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useStore } from '../state/useStore.js';
import { type WorkerStore, workerStore } from './workerStore.js';

/** Ctrl+Alt+W shows or hides the panel; it is for support, so it starts hidden. */
function useToggleKey(): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey && event.altKey && event.key.toLowerCase() === 'w') {
        event.preventDefault();
        setShown((value) => !value);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  return shown;
}

/** The hidden worker panel (spec §2): Worker, Status, Processing Record and last error. */
export function WorkerPanel({ store = workerStore }: { store?: WorkerStore }) {
  const { workers } = useStore(store);
  const shown = useToggleKey();
  return (
    <section
      hidden={!shown}
      className="container-fluid py-3"
      aria-label="Workers"
      data-testid="worker-panel"
    >
      <Table size="sm" bordered responsive>
        <thead>
          <tr>
            <th>Worker</th>
            <th>Status</th>
            <th>Processing Record</th>
            <th>Last error</th>
          </tr>
        </thead>
        <tbody>
          {workers.length === 0 ? (
            <tr>
              <td colSpan={4} className="text-body-secondary">
                No worker is running in this tab.
              </td>
            </tr>
          ) : (
            workers.map((worker) => (
              <tr key={worker.id}>
                <td>{worker.name}</td>
                <td>{worker.status}</td>
                <td>
                  {worker.recordId === null
                    ? '—'
                    : `Record ${worker.recordId} · Template ${worker.templateId ?? '—'}`}
                </td>
                <td className="text-danger">{worker.lastError ?? ''}</td>
              </tr>
            ))
          )}
        </tbody>
      </Table>
    </section>
  );
}
