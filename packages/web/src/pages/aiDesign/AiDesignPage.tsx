import { AI_DEFAULT_PRINT_WIDTH_IN, AI_TOOL_LABELS, type AiTool, pagePath } from '@printloom/core';
import { type FormEvent, useState } from 'react';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useAiJob, useStartAiJob } from '../../api/hooks/useAiDesign.js';
import { FormError } from '../auth/FormError.js';
import { RelatedPages } from '../RelatedPages.js';
import { usePageTitle } from '../usePageTitle.js';
import { AiImageCell, AiJobStatus, runDuration } from './AiJobParts.js';

const TOOL_HELP: Record<AiTool, string> = {
  remove_background:
    'Cuts the subject out of a photo: the background becomes transparent (a segmentation model run on our servers).',
  upscale:
    'Makes a small image 4× larger with a super-resolution model, then to the print width at 300 DPI when 4× is not enough.',
};

/**
 * AI Design (spec §2 /ai-design, beta): run a tool on an image. The image is uploaded to the
 * seller's uploads, the tool runs in the background and the page follows its progress; the
 * result is a new upload, shown with its print quality next to the input's.
 */
export function AiDesignPage() {
  const title = usePageTitle();
  const [file, setFile] = useState<File | null>(null);
  const [tool, setTool] = useState<AiTool>('remove_background');
  const [printWidth, setPrintWidth] = useState(String(AI_DEFAULT_PRINT_WIDTH_IN));
  const [fileError, setFileError] = useState<string | null>(null);
  const [jobId, setJobId] = useState<number | null>(null);
  const start = useStartAiJob();
  const job = useAiJob(jobId);
  const width = Number(printWidth);
  const widthValid = Number.isFinite(width) && width >= 1 && width <= 60;

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!file) {
      setFileError('Choose an image.');
      return;
    }
    if (!widthValid) return;
    start.mutate(
      { file, tool, print_width_in: width },
      { onSuccess: (started) => setJobId(started.id) },
    );
  }

  const current = job.data;
  const running = current?.status === 'queued' || current?.status === 'running';
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">
          {title}{' '}
          <Badge bg="info" text="dark" className="align-middle fs-6">
            Beta
          </Badge>
        </h1>
        <Link to={pagePath('ai_design_history')} className="btn btn-outline-secondary">
          History
        </Link>
      </div>
      <RelatedPages pages={['aop_test']} label="Also in beta" />

      <Form onSubmit={onSubmit} noValidate className="card card-body mb-4" aria-label="Run a tool">
        <fieldset className="mb-3">
          <legend className="form-label fs-6">Tool</legend>
          {(Object.keys(AI_TOOL_LABELS) as AiTool[]).map((value) => (
            <Form.Check
              key={value}
              type="radio"
              id={`ai-tool-${value}`}
              name="tool"
              label={
                <>
                  <span className="fw-semibold">{AI_TOOL_LABELS[value]}</span>
                  <span className="d-block small text-body-secondary">{TOOL_HELP[value]}</span>
                </>
              }
              checked={tool === value}
              onChange={() => setTool(value)}
            />
          ))}
        </fieldset>
        <Form.Group className="mb-3" controlId="ai-image">
          <Form.Label>Image (PNG, JPEG or WebP)</Form.Label>
          <Form.Control
            type="file"
            accept="image/png,image/jpeg,image/webp"
            isInvalid={fileError !== null}
            onChange={(event) => {
              const input = event.target as HTMLInputElement;
              setFile(input.files?.[0] ?? null);
              setFileError(null);
            }}
          />
          <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>
        </Form.Group>
        <Form.Group className="mb-3" controlId="ai-print-width" style={{ maxWidth: 240 }}>
          <Form.Label>Print width (inches)</Form.Label>
          <Form.Control
            type="number"
            min={1}
            max={60}
            step={0.5}
            value={printWidth}
            isInvalid={!widthValid}
            onChange={(event) => setPrintWidth(event.target.value)}
          />
          <Form.Text>The quality labels are for this width at 300 DPI.</Form.Text>
          <Form.Control.Feedback type="invalid">
            Enter a width from 1 to 60 inches.
          </Form.Control.Feedback>
        </Form.Group>
        <FormError error={start.error} />
        <div>
          <Button type="submit" disabled={start.isPending || running}>
            {start.isPending ? 'Uploading…' : `Run ${AI_TOOL_LABELS[tool].toLowerCase()}`}
          </Button>
        </div>
      </Form>

      {jobId !== null ? (
        <section aria-labelledby="ai-result-title" data-testid="ai-result">
          <h2 id="ai-result-title" className="h5">
            {current ? AI_TOOL_LABELS[current.tool] : 'Run'}
          </h2>
          {job.isPending ? <p role="status">Loading…</p> : null}
          <FormError error={job.error} />
          {current ? (
            <div className="card card-body" aria-live="polite">
              <AiJobStatus job={current} />
              <div className="row g-4 mt-1">
                <div className="col-md-6">
                  <h3 className="h6">Before</h3>
                  <AiImageCell
                    image={current.input}
                    printWidthIn={current.print_width_in}
                    alt="The image before"
                    size={240}
                  />
                </div>
                <div className="col-md-6">
                  <h3 className="h6">After</h3>
                  {current.output ? (
                    <>
                      <AiImageCell
                        image={current.output}
                        printWidthIn={current.print_width_in}
                        alt="The result"
                        size={240}
                      />
                      <p className="small mt-2 mb-1">
                        Saved to your uploads ({runDuration(current)}). Download it to place it in a
                        design with the editor's image button:
                      </p>
                      <a
                        className="btn btn-sm btn-outline-primary"
                        href={current.output.file_url}
                        download
                      >
                        Download PNG
                      </a>
                    </>
                  ) : (
                    <p className="small text-body-secondary">
                      {current.status === 'failed' ? 'No result.' : 'The result appears here.'}
                    </p>
                  )}
                </div>
              </div>
            </div>
          ) : null}
        </section>
      ) : null}
    </>
  );
}
