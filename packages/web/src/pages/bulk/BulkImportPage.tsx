import {
  ArtworkError,
  errorMessage,
  TEMPLATE_PRODUCT_TYPE,
  UPLOAD_FAILED_MESSAGE,
} from '@printloom/core';
import { useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useBulkOrigin, useCreateBulkJob } from '../../api/hooks/useBulkMultiSpace.js';
import { useCreateRegularJobs } from '../../api/hooks/useBulkRegularJobs.js';
import { TOAST_UPLOAD_FAILED_MS } from '../../constants.js';
import { toasts } from '../../toast/toastStore.js';
import { ArtworkDropZone } from './ArtworkDropZone.js';
import { type PickedArtwork, readPickedArtwork } from './artworkRows.js';
import {
  checkImportRows,
  checkRegularRows,
  filesToUpload,
  jobRows,
  regularJobRows,
} from './checkImportRows.js';
import {
  IMPORT_PATH,
  MULTI_SPACE_LIST_PATH,
  REGULAR_IMPORT_PATH,
  REGULAR_LIST_PATH,
  TEMPLATE_BULK_PATH,
  UPLOAD_CONCURRENCY,
} from './constants.js';
import type { PickedFile } from './droppedFiles.js';
import { ImportRowsTable } from './ImportRowsTable.js';
import { JobProgress } from './JobProgress.js';
import { TemplatePicker } from './TemplatePicker.js';
import { type UploadProgress, uploadArtwork } from './uploadArtwork.js';
import { uploadClient } from './uploadClient.js';

/** The spec §8 upload failure toast: title and text, shown 5 s. */
const UPLOAD_RETRY_TEXT = 'Please try upload file again.';

export type ImportKind = 'multi-space' | 'regular' | 'template';

/** What differs between the two imports: where they live and what a row becomes. */
const KINDS = {
  'multi-space': {
    title: 'Import Multi Print Spaces Bulk',
    path: IMPORT_PATH,
    listPath: MULTI_SPACE_LIST_PATH,
    listLabel: 'All bulk rows',
    intro: "Every row becomes a copy of this campaign with the row's artwork on its products.",
  },
  regular: {
    title: 'Bulk Campaign',
    path: REGULAR_IMPORT_PATH,
    listPath: REGULAR_LIST_PATH,
    listLabel: 'All bulk jobs',
    intro:
      "Every row becomes a copy of this campaign with the row's artwork in place of its design.",
  },
  template: {
    title: 'Template Bulk',
    path: TEMPLATE_BULK_PATH,
    listPath: REGULAR_LIST_PATH,
    listLabel: 'All bulk jobs',
    intro:
      "Every row becomes a campaign launched from this template: its products, colours and prices, with the row's artwork in place of its design.",
  },
} as const;

type Stage =
  | { kind: 'idle' }
  | { kind: 'uploading'; progress: UploadProgress }
  | { kind: 'creating' }
  | { kind: 'failed'; message: string };

function positiveId(text: string | null | undefined): number | undefined {
  const id = Number(text);
  return Number.isInteger(id) && id > 0 ? id : undefined;
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

/**
 * Import of a multi-print-spaces bulk job (spec §2 /bulk-campaigns/multi-print-spaces/import/
 * {id?}; `id` is the template campaign). The seller picks the campaign to copy, drops a folder
 * or CSV of artwork, sees every row checked with the spec's messages (spec §5) before anything
 * is sent, uploads the artwork (pre-signed flow, with progress), creates the job (running at
 * once or held stopped) and follows it live at `?job={id}`.
 */
export function BulkImportPage() {
  return <ImportPage kind="multi-space" />;
}

/**
 * Import of regular bulk jobs (spec §2 /campaigns/bulk/{id?}): the same steps, one campaign per
 * artwork; the jobs are then followed on the regular bulk list.
 */
export function RegularBulkImportPage() {
  return <ImportPage kind="regular" />;
}

/**
 * Launch many campaigns from a template (spec §2 /campaigns/template/bulk/{id?}): the regular
 * import with the template preselected and only templates to choose from; one regular bulk job
 * per artwork, run by the same workers.
 */
export function TemplateBulkImportPage() {
  return <ImportPage kind="template" />;
}

function ImportPage({ kind }: { kind: ImportKind }) {
  const look = KINDS[kind];
  // The template page makes the same jobs as the regular import: one campaign per artwork.
  const regularJobs = kind !== 'multi-space';
  const params = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const templateId = positiveId(params.id);
  const jobId = positiveId(search.get('job'));
  const origin = useBulkOrigin(templateId);
  const createJob = useCreateBulkJob();
  const createRegular = useCreateRegularJobs();

  const [picked, setPicked] = useState<PickedArtwork<PickedFile> | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [namePrefix, setNamePrefix] = useState('');
  const [startNow, setStartNow] = useState(true);
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  // Files already uploaded in this visit (path → url): trying again sends only the rest.
  const uploaded = useRef(new Map<string, string>());

  const checked = useMemo(
    () =>
      !picked || !origin.data
        ? []
        : regularJobs
          ? checkRegularRows(picked.rows, origin.data, picked.files, namePrefix)
          : checkImportRows(picked.rows, origin.data, picked.files, namePrefix),
    [picked, origin.data, namePrefix, regularJobs],
  );
  const valid = checked.filter((row) => row.ok).length;
  const invalid = checked.length - valid;
  const busy = stage.kind === 'uploading' || stage.kind === 'creating';

  const onFiles = (files: PickedFile[]) => {
    setStage({ kind: 'idle' });
    uploaded.current = new Map();
    readPickedArtwork(files, (file) => file.file.text())
      .then((artwork) => {
        setPicked(artwork);
        setReadError(null);
      })
      .catch((error: unknown) => {
        setPicked(null);
        if (error instanceof ArtworkError) setReadError(error.message);
        else {
          console.error('Reading the artwork failed', error);
          setReadError(errorMessage(error));
        }
      });
  };

  const createTheJob = async () => {
    if (!picked || templateId === undefined || valid === 0) return;
    try {
      const paths = filesToUpload(checked);
      setStage({
        kind: 'uploading',
        progress: { done: 0, total: paths.length, bytesDone: 0, bytesTotal: 0 },
      });
      try {
        await uploadArtwork({
          api: uploadClient.uploads,
          paths,
          files: picked.files,
          templateId,
          uploaded: uploaded.current,
          concurrency: UPLOAD_CONCURRENCY,
          onProgress: (progress) => setStage({ kind: 'uploading', progress }),
        });
      } catch (error) {
        toasts.show('danger', UPLOAD_RETRY_TEXT, {
          title: UPLOAD_FAILED_MESSAGE,
          durationMs: TOAST_UPLOAD_FAILED_MS,
        });
        throw error;
      }
      setStage({ kind: 'creating' });
      if (regularJobs) {
        const ids = await createRegular.mutateAsync({
          body: {
            template_campaign_id: templateId,
            ...(namePrefix.trim() ? { prefix: namePrefix.trim() } : {}),
            rows: regularJobRows(checked, uploaded.current, namePrefix),
          },
          hold: !startNow,
        });
        toasts.show(
          'success',
          `${ids.length} bulk jobs created${startNow ? '' : ', held stopped'}.`,
        );
        setPicked(null);
        setStage({ kind: 'idle' });
        navigate(look.listPath);
        return;
      }
      const job = await createJob.mutateAsync({
        template_campaign_id: templateId,
        type: 'regular_multi_space',
        rows: jobRows(checked, uploaded.current),
        start: startNow,
      });
      toasts.show(
        'success',
        `Job #${job.id} created with ${job.rows} rows${startNow ? '' : ', held stopped'}.`,
      );
      setPicked(null);
      setStage({ kind: 'idle' });
      navigate(`${IMPORT_PATH}/${templateId}?job=${job.id}`);
    } catch (error) {
      console.error('Creating the bulk job failed', error);
      setStage({ kind: 'failed', message: errorMessage(error) });
    }
  };

  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">{look.title}</h1>
        <Link to={look.listPath} className="btn btn-outline-secondary">
          {look.listLabel}
        </Link>
      </div>

      {jobId !== undefined && kind === 'multi-space' ? (
        <div className="card mb-4">
          <div className="card-body">
            <JobProgress jobId={jobId} />
            <Link
              to={templateId ? `${look.path}/${templateId}` : look.path}
              className="btn btn-outline-primary mt-2"
            >
              Import more artwork
            </Link>
          </div>
        </div>
      ) : (
        <ol className="list-unstyled d-grid gap-4">
          <li className="card">
            <div className="card-body">
              <h2 className="h5">1. Template campaign</h2>
              <p className="small text-body-secondary">{look.intro}</p>
              <TemplatePicker
                templateId={templateId}
                origin={origin.data}
                originLoading={origin.isPending && templateId !== undefined}
                originError={origin.error}
                onPick={(id) => navigate(id ? `${look.path}/${id}` : look.path)}
                productType={kind === 'template' ? TEMPLATE_PRODUCT_TYPE : undefined}
              />
            </div>
          </li>

          <li className="card">
            <div className="card-body">
              <h2 className="h5">2. Artwork</h2>
              <FolderRules regularJobs={regularJobs} />
              <ArtworkDropZone disabled={busy} onFiles={onFiles} />
              {readError ? (
                <div className="alert alert-danger mt-3 mb-0" role="alert" data-testid="read-error">
                  {readError}
                </div>
              ) : null}
              {picked ? (
                <p className="mt-3 mb-0" data-testid="picked-summary">
                  Read {picked.kind === 'csv' ? 'the CSV' : 'the folder'}{' '}
                  <strong>{picked.name}</strong>: {picked.rows.length} rows.
                </p>
              ) : null}
            </div>
          </li>

          <li className="card">
            <div className="card-body">
              <h2 className="h5">3. Check and create</h2>
              {!picked ? (
                <p className="text-body-secondary mb-0">
                  The rows show here, checked, once the artwork is read.
                </p>
              ) : templateId === undefined || !origin.data ? (
                <p className="text-body-secondary mb-0">
                  Choose the template campaign to check the rows against its print spaces.
                </p>
              ) : (
                <>
                  <p data-testid="check-summary" aria-live="polite">
                    <strong>{valid}</strong> valid rows will be created
                    {invalid > 0 ? (
                      <>
                        ; <strong className="text-danger">{invalid}</strong> invalid rows are left
                        out
                      </>
                    ) : null}
                    .
                  </p>
                  <ImportRowsTable rows={checked} />
                  <div className="d-flex flex-wrap gap-3 align-items-end mt-3">
                    <Form.Group controlId="import-name-prefix">
                      <Form.Label className="small mb-1">Name prefix (optional)</Form.Label>
                      <Form.Control
                        size="sm"
                        value={namePrefix}
                        maxLength={100}
                        disabled={busy}
                        onChange={(event) => setNamePrefix(event.target.value)}
                      />
                    </Form.Group>
                    <Form.Check
                      id="import-start-now"
                      type="switch"
                      label="Start processing as soon as the job is created"
                      checked={startNow}
                      disabled={busy}
                      onChange={(event) => setStartNow(event.target.checked)}
                    />
                    <Button
                      onClick={() => void createTheJob()}
                      disabled={busy || valid === 0}
                      className="ms-auto"
                    >
                      {`Upload artwork and create job (${valid} rows)`}
                    </Button>
                  </div>
                  <UploadStatus stage={stage} />
                </>
              )}
            </div>
          </li>
        </ol>
      )}
    </>
  );
}

function UploadStatus({ stage }: { stage: Stage }) {
  if (stage.kind === 'idle') return null;
  if (stage.kind === 'failed') {
    return (
      <div className="alert alert-danger mt-3 mb-0" role="alert" data-testid="create-error">
        {stage.message} Files uploaded so far are kept: create the job again to send the rest.
      </div>
    );
  }
  if (stage.kind === 'creating') {
    return (
      <p className="mt-3 mb-0" aria-live="polite">
        Creating the job…
      </p>
    );
  }
  const { progress } = stage;
  const percent = progress.total === 0 ? 100 : Math.round((progress.done / progress.total) * 100);
  return (
    <div className="mt-3" data-testid="upload-progress" aria-live="polite">
      <p className="small mb-1">
        Uploading artwork: {progress.done} of {progress.total} files
        {progress.bytesTotal > 0
          ? ` (${megabytes(progress.bytesDone)} of ${megabytes(progress.bytesTotal)})`
          : ''}
      </p>
      <ProgressBar now={percent} label={`${percent}%`} animated aria-label="Upload progress" />
    </div>
  );
}

/** The folder naming rules of artworkRows (core and this page's), for the seller. */
function FolderRules({ regularJobs }: { regularJobs: boolean }) {
  return (
    <details className="mb-3 small">
      <summary>How files become rows</summary>
      <ul className="mt-2 mb-0">
        <li>
          <strong>A folder of images</strong>: one row per PNG, JPEG or WebP image directly in the
          folder (sub-folders are left out), in name order (design-2 before design-10). The campaign
          is named after the file, without extension, dashes and underscores read as spaces:{' '}
          <code>cat-lovers_tee.png</code> → “cat lovers tee”. The artwork goes on each product's
          main print space.
        </li>
        <li>
          <strong>A CSV</strong> with the columns <code>campaign_name,new_url,print_space</code>:
          one design per line; consecutive lines with the same campaign_name make one row with a
          design per print space.
        </li>
        <li>
          <strong>A CSV</strong> with <code>campaign_name</code> and print space columns (e.g.{' '}
          <code>campaign_name,front,back</code>): each cell is the artwork of that print space;
          empty cells are skipped.
        </li>
        <li>
          In a CSV, addresses starting with <code>http</code>, <code>data:</code>,{' '}
          <code>images/</code> or <code>/files/</code> are used as they are; anything else is a file
          path relative to the CSV. Drop a folder holding the CSV and its images to upload them
          together.
        </li>
        {regularJobs ? (
          <li>
            A regular campaign takes <strong>one artwork</strong>, put where the template campaign
            has its design: print space columns are not used, and a row with several designs is
            invalid.
          </li>
        ) : null}
        <li>
          The same rules as <code>printloom bulk create --designs &lt;folder|csv&gt;</code>.
        </li>
      </ul>
    </details>
  );
}
