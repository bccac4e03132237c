import { AI_TOOL_LABELS, type AiJob, type PrintQuality } from '@printloom/core';
import Badge from 'react-bootstrap/Badge';

const QUALITY_LOOK: Record<PrintQuality['label'], { bg: string; text: string; word: string }> = {
  good: { bg: 'success', text: 'light', word: 'Good' },
  normal: { bg: 'warning', text: 'dark', word: 'Normal' },
  low: { bg: 'danger', text: 'light', word: 'Low' },
};

/** The spec §5 print quality of an image at the run's print width: 'Good · 300 DPI at 12 in'. */
export function PrintQualityBadge({
  quality,
  printWidthIn,
}: {
  quality: PrintQuality;
  printWidthIn: number;
}) {
  const look = QUALITY_LOOK[quality.label];
  return (
    <Badge
      bg={look.bg}
      text={look.text as 'light' | 'dark'}
      data-testid="print-quality"
      data-quality={quality.label}
    >
      {look.word} · {quality.dpi} DPI at {printWidthIn} in
    </Badge>
  );
}

const STATUS_LOOK: Record<AiJob['status'], { bg: string; text?: 'dark'; word: string }> = {
  queued: { bg: 'secondary', word: 'Queued' },
  running: { bg: 'primary', word: 'Running' },
  done: { bg: 'success', word: 'Done' },
  failed: { bg: 'danger', word: 'Failed' },
};

export function AiJobStatus({ job }: { job: AiJob }) {
  const look = STATUS_LOOK[job.status];
  return (
    <div data-testid="ai-job-status" data-status={job.status}>
      <Badge bg={look.bg}>{look.word}</Badge>
      {job.status === 'queued' || job.status === 'running' ? (
        <div
          className="progress mt-1"
          role="progressbar"
          aria-label={`${AI_TOOL_LABELS[job.tool]} progress`}
          aria-valuenow={job.progress}
          aria-valuemin={0}
          aria-valuemax={100}
        >
          <div
            className="progress-bar progress-bar-striped progress-bar-animated"
            style={{ width: `${job.progress}%` }}
          >
            {job.progress}%
          </div>
        </div>
      ) : null}
      {job.error ? <div className="small text-danger mt-1">{job.error}</div> : null}
    </div>
  );
}

/** How long a finished run took, '12 s' or '1 min 5 s'; null while it runs. */
export function runDuration(job: AiJob): string | null {
  if (!job.started_at || !job.finished_at) return null;
  const seconds = Math.max(
    0,
    Math.round((Date.parse(job.finished_at) - Date.parse(job.started_at)) / 1000),
  );
  return seconds < 60 ? `${seconds} s` : `${Math.floor(seconds / 60)} min ${seconds % 60} s`;
}

/** An image of a run: a thumbnail, its size in pixels and its print quality. */
export function AiImageCell({
  image,
  printWidthIn,
  alt,
  size = 64,
}: {
  image: AiJob['input'];
  printWidthIn: number;
  alt: string;
  size?: number;
}) {
  return (
    <div className="d-flex align-items-center gap-2">
      <img
        src={image.file_url}
        alt={alt}
        width={size}
        height={size}
        className="rounded border ai-checkerboard"
        style={{ objectFit: 'contain' }}
      />
      <div className="small">
        <div>
          {image.width} × {image.height} px
        </div>
        <PrintQualityBadge quality={image.quality} printWidthIn={printWidthIn} />
      </div>
    </div>
  );
}
