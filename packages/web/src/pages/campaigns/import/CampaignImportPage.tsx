import { type CampaignImportAnswer, errorMessage, pagePath } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { api } from '../../../api/client.js';
import { useImportCampaigns } from '../../../api/hooks/useCampaignTemplates.js';
import { type ReadExport, readExportFile } from './readExportFile.js';

const RESULT_LABELS: Record<CampaignImportAnswer['results'][number]['status'], string> = {
  created: 'Created as a draft',
  skipped: 'Already imported',
  failed: 'Not imported',
};

/**
 * Import Campaigns (spec §2 /campaigns/import): downloads the seller's campaigns as an export
 * file, and reads an export file back as draft campaigns, each entry answered on its own; an
 * entry imported before is skipped, so the same file can be imported again safely.
 */
export function CampaignImportPage() {
  const [file, setFile] = useState<{ name: string; read: ReadExport } | null>(null);
  const [answer, setAnswer] = useState<CampaignImportAnswer | null>(null);
  const importing = useImportCampaigns();

  const onFile = async (picked: File | undefined) => {
    setAnswer(null);
    importing.reset();
    if (!picked) {
      setFile(null);
      return;
    }
    setFile({ name: picked.name, read: readExportFile(await picked.text()) });
  };

  const runImport = async () => {
    if (!file?.read.ok) return;
    try {
      setAnswer(await importing.mutateAsync(file.read.body));
    } catch {
      // Shown from the mutation's state.
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">Import Campaigns</h1>
        <Link to={pagePath('all_campaigns')} className="btn btn-outline-secondary">
          All campaigns
        </Link>
      </div>

      <section className="card mb-4" aria-labelledby="import-file">
        <div className="card-body">
          <h2 className="h5" id="import-file">
            Import a campaign export
          </h2>
          <p className="small text-body-secondary">
            Each campaign of the file becomes a draft campaign with its products, colours, prices,
            designs and mockups. A campaign imported before is skipped, so importing the same file
            again makes no duplicates.
          </p>
          <Form.Group controlId="campaign-export-file" className="mb-3" style={{ maxWidth: 420 }}>
            <Form.Label>Campaign export file (.json)</Form.Label>
            <Form.Control
              type="file"
              accept="application/json,.json"
              disabled={importing.isPending}
              onChange={(event) =>
                void onFile((event.target as HTMLInputElement).files?.[0] ?? undefined)
              }
            />
          </Form.Group>
          {file && !file.read.ok ? (
            <div className="alert alert-danger mb-0" role="alert">
              {file.read.message}
            </div>
          ) : null}
          {file?.read.ok ? (
            <>
              <p data-testid="import-summary">
                <strong>{file.name}</strong> holds {file.read.names.length}{' '}
                {file.read.names.length === 1 ? 'campaign' : 'campaigns'}.
              </p>
              <Button onClick={() => void runImport()} disabled={importing.isPending}>
                {importing.isPending
                  ? 'Importing…'
                  : `Import ${file.read.names.length} ${file.read.names.length === 1 ? 'campaign' : 'campaigns'}`}
              </Button>
            </>
          ) : null}
          {importing.error ? (
            <div className="alert alert-danger mt-3 mb-0" role="alert">
              {errorMessage(importing.error)}
            </div>
          ) : null}
          {answer ? <ImportResults answer={answer} /> : null}
        </div>
      </section>

      <ExportSection />
    </>
  );
}

function ImportResults({ answer }: { answer: CampaignImportAnswer }) {
  return (
    <div className="mt-3">
      <p role="status" data-testid="import-totals">
        {answer.created} created, {answer.skipped} already imported, {answer.failed} not imported.
      </p>
      <table className="table table-sm">
        <caption className="visually-hidden">Import results</caption>
        <thead>
          <tr>
            <th scope="col">#</th>
            <th scope="col">Campaign</th>
            <th scope="col">Result</th>
          </tr>
        </thead>
        <tbody>
          {answer.results.map((result) => (
            <tr key={result.index} data-testid="import-result">
              <td>{result.index + 1}</td>
              <td>
                {result.campaign_id ? (
                  <Link to={pagePath('campaign_edit', { id: result.campaign_id })}>
                    {result.name ?? `Campaign #${result.campaign_id}`}
                  </Link>
                ) : (
                  (result.name ?? '—')
                )}
              </td>
              <td className={result.status === 'failed' ? 'text-danger' : undefined}>
                {RESULT_LABELS[result.status]}
                {result.status === 'failed' && result.message ? `: ${result.message}` : ''}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Downloads the seller's newest campaigns as an export file. */
function ExportSection() {
  const [state, setState] = useState<
    | { kind: 'idle' }
    | { kind: 'working' }
    | { kind: 'done'; count: number }
    | { kind: 'failed'; message: string }
  >({ kind: 'idle' });

  const download = async () => {
    setState({ kind: 'working' });
    try {
      const file = await api.campaignImport.exportList({ query: {} });
      const blob = new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' });
      const link = document.createElement('a');
      link.href = URL.createObjectURL(blob);
      link.download = `campaigns-${file.exported_at.slice(0, 10)}.json`;
      link.click();
      URL.revokeObjectURL(link.href);
      setState({ kind: 'done', count: file.campaigns.length });
    } catch (error) {
      setState({ kind: 'failed', message: errorMessage(error) });
    }
  };

  return (
    <section className="card" aria-labelledby="export-campaigns">
      <div className="card-body">
        <h2 className="h5" id="export-campaigns">
          Export your campaigns
        </h2>
        <p className="small text-body-secondary">
          Your newest 500 campaigns as one file, to keep or to import into another account.
        </p>
        <Button
          variant="outline-primary"
          onClick={() => void download()}
          disabled={state.kind === 'working'}
        >
          {state.kind === 'working' ? 'Preparing…' : 'Download export'}
        </Button>
        {state.kind === 'done' ? (
          <p className="mt-2 mb-0" role="status">
            Exported {state.count} {state.count === 1 ? 'campaign' : 'campaigns'}.
          </p>
        ) : null}
        {state.kind === 'failed' ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {state.message}
          </div>
        ) : null}
      </div>
    </section>
  );
}
