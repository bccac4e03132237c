import { Box, Text } from 'ink';

/** One worker's line in the panel (spec's worker panel columns). */
export interface WorkerRow {
  name: string;
  status: string;
  record: { id: number; templateId: number | null } | null;
  lastError: string | null;
}

export interface PanelCounts {
  processed: number;
  invalid: number;
  errors: number;
  /** Rows waiting when the run started plus those done since; unknown when null. */
  total: number | null;
}

export interface WorkerPanelProps {
  workers: readonly WorkerRow[];
  counts: PanelCounts;
  /** Width of the progress bar in characters. */
  barWidth?: number;
}

const COLUMNS = { worker: 16, status: 28, record: 26 } as const;

function cell(text: string, width: number): string {
  return text.length > width - 1 ? `${text.slice(0, width - 2)}… ` : text.padEnd(width);
}

export function progressBar(done: number, total: number | null, width: number): string {
  if (total === null || total <= 0) return `${'░'.repeat(width)} ${done} done`;
  const ratio = Math.min(1, done / total);
  const filled = Math.round(ratio * width);
  return `${'█'.repeat(filled)}${'░'.repeat(width - filled)} ${done}/${total} (${Math.round(ratio * 100)}%)`;
}

function statusColor(status: string): string | undefined {
  if (status === 'waiting' || status === 'log') return 'yellow';
  if (status === 'invalid_design') return 'magenta';
  if (status === 'stopped') return 'gray';
  if (status === 'polling') return 'cyan';
  return 'green';
}

/** The live worker table of `printloom bulk run` on a terminal. */
export function WorkerPanel({ workers, counts, barWidth = 30 }: WorkerPanelProps) {
  const done = counts.processed + counts.invalid;
  return (
    <Box flexDirection="column">
      <Text bold>
        {cell('Worker', COLUMNS.worker)}
        {cell('Status', COLUMNS.status)}
        {cell('Processing Record', COLUMNS.record)}
        Last error
      </Text>
      {workers.map((worker) => (
        <Text key={worker.name}>
          {cell(worker.name, COLUMNS.worker)}
          <Text color={statusColor(worker.status)}>{cell(worker.status, COLUMNS.status)}</Text>
          {cell(
            worker.record
              ? `#${worker.record.id} (template ${worker.record.templateId ?? '—'})`
              : '—',
            COLUMNS.record,
          )}
          <Text color="red">{worker.lastError ?? ''}</Text>
        </Text>
      ))}
      <Box marginTop={1}>
        <Text>
          Processed {counts.processed} · Invalid {counts.invalid} · Errors {counts.errors}
        </Text>
      </Box>
      <Text>{progressBar(done, counts.total, barWidth)}</Text>
    </Box>
  );
}
