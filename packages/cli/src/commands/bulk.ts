import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, extname, resolve } from 'node:path';
import {
  type API,
  type ApiClient,
  ARTWORK_CONTENT_TYPES,
  ARTWORK_UPLOAD_PREFIX,
  type ArtworkRow,
  artworkUploadName,
  type BulkMultiSpaceRow,
  extensionOf,
  folderArtworkRows,
  isRemoteSource,
  parseArtworkCsv,
  type RouteInput,
} from '@printloom/core';
import type { Command } from 'commander';
import { CliError, EXIT } from '../CliError.js';
import { authedClient } from '../config.js';
import { idList, isVerbose, positiveInt, printer, printJson } from '../output.js';

/**
 * `printloom bulk …`: run workers, create jobs from a folder or CSV of artwork, and manage the
 * rows of the multi-space bulk list.
 */

export const WORKER_TYPES = ['multi-space', 'regular', 'all'] as const;
export type WorkerType = (typeof WORKER_TYPES)[number];

/** The rows of a folder of images (one row per image, named from the file) or of a CSV. */
export async function readArtwork(path: string): Promise<{ rows: ArtworkRow[]; baseDir: string }> {
  const full = resolve(path);
  let info: Awaited<ReturnType<typeof stat>>;
  try {
    info = await stat(full);
  } catch {
    throw new CliError(`Designs not found: ${full}`);
  }
  if (info.isDirectory()) {
    const rows = folderArtworkRows(await readdir(full));
    if (rows.length === 0) throw new CliError(`No PNG, JPEG or WebP images in ${full}`);
    return { rows, baseDir: full };
  }
  if (extname(full).toLowerCase() !== '.csv') {
    throw new CliError('--designs must be a folder of images or a .csv file', EXIT.usage);
  }
  return { rows: parseArtworkCsv(await readFile(full, 'utf8'), full), baseDir: dirname(full) };
}

async function uploadArtwork(
  client: ApiClient,
  source: string,
  baseDir: string,
  templateId: number,
  uploaded: Map<string, string>,
): Promise<string> {
  if (isRemoteSource(source)) return source;
  const path = resolve(baseDir, source);
  const cached = uploaded.get(path);
  if (cached) return cached;
  const name = basename(path);
  const contentType = ARTWORK_CONTENT_TYPES[extensionOf(name)];
  if (!contentType) throw new CliError(`${path} is not a PNG, JPEG or WebP image`);
  let bytes: Buffer;
  try {
    bytes = await readFile(path);
  } catch {
    throw new CliError(`File not found: ${path}`);
  }
  const answer = await client.uploads.uploadFile({
    file: new Uint8Array(bytes),
    fileName: artworkUploadName(name, Date.now()),
    filePath: `${ARTWORK_UPLOAD_PREFIX}/${templateId}`,
    contentType,
  });
  uploaded.set(path, answer.fileUrl);
  return answer.fileUrl;
}

interface CreateOptions {
  template: string;
  designs: string;
  namePrefix?: string;
  start?: boolean;
  json?: boolean;
}

interface ListOptions {
  q?: string;
  status?: string;
  page: string;
  perPage?: string;
  json?: boolean;
}

export interface RunOptions {
  type: string;
  concurrency: string;
  once?: boolean;
  allowFailedRows?: boolean;
  deviceId?: string;
  json?: boolean;
}

function printRows(command: Command, rows: readonly BulkMultiSpaceRow[]): void {
  const print = printer(command);
  print(
    `${'ID'.padEnd(8)}${'Job'.padEnd(6)}${'Status'.padEnd(12)}${'Campaign'.padEnd(10)}Name / message\n`,
  );
  for (const row of rows) {
    const note = row.message
      ? `${row.campaign_name ?? ''} — ${row.message}`
      : (row.campaign_name ?? '');
    print(
      `${String(row.id).padEnd(8)}${String(row.bulk_id).padEnd(6)}${row.status.padEnd(12)}${String(row.campaign_id ?? '—').padEnd(10)}${note}\n`,
    );
  }
}

export function registerBulkCommands(program: Command): void {
  const bulk = program.command('bulk').description('Bulk campaign jobs and workers');

  bulk
    .command('run')
    .description('Run bulk workers until stopped (SIGINT/SIGTERM finish the current row)')
    .option('--type <type>', 'multi-space, regular or all', 'multi-space')
    .option('--concurrency <n>', 'workers of each type', '1')
    .option('--once', 'exit when the queue is empty (non-zero when rows failed)')
    .option('--allow-failed-rows', 'with --once: exit 0 even when rows failed')
    .option('--device-id <id>', 'this machine in the server logs (default: the host name)')
    .option('--json', 'print the final counts as JSON')
    .action(async (options: RunOptions, command: Command) => {
      if (!(WORKER_TYPES as readonly string[]).includes(options.type)) {
        throw new CliError(
          `Unknown worker type "${options.type}": use multi-space, regular or all`,
          EXIT.usage,
        );
      }
      const concurrency = positiveInt(options.concurrency, '--concurrency');
      const { runWorkers } = await import('../worker/runWorkers.js');
      const result = await runWorkers({
        type: options.type as WorkerType,
        concurrency,
        once: options.once === true,
        deviceId: options.deviceId ?? hostname(),
        sessionId: randomUUID(),
        verbose: isVerbose(command),
      });
      if (options.json) printJson(command, result);
      else {
        printer(command)(
          `Processed ${result.processed} · Invalid ${result.invalid} · Errors ${result.errors}\n`,
        );
      }
      // A fleet must not go quiet: a refused token or a vanished API ends the run with an error.
      if (result.stopped) throw new CliError(result.stopped.message);
      if (options.once && result.failedRows > 0 && !options.allowFailedRows) {
        throw new CliError(
          `${result.failedRows} ${result.failedRows === 1 ? 'row' : 'rows'} failed: see \`printloom bulk list --status failed\` (--allow-failed-rows exits 0)`,
          EXIT.rowsFailed,
        );
      }
    });

  bulk
    .command('create')
    .description('Upload artwork and create a multi-space bulk job from a template campaign')
    .requiredOption('--template <campaignId>', 'the campaign to copy')
    .requiredOption('--designs <dir|csv>', 'a folder of images (one row each) or a CSV')
    .option('--name-prefix <prefix>', 'put before every campaign name')
    .option('--start', 'queue the rows at once (otherwise they wait stopped)')
    .option('--json', 'print the job as JSON')
    .action(async (options: CreateOptions, command: Command) => {
      const templateId = positiveInt(options.template, '--template');
      const { rows, baseDir } = await readArtwork(options.designs);
      const { client } = await authedClient();
      // Fails early with 'Campaign not found' before any upload.
      try {
        await client.bulkV3.origin({ params: { id: templateId } });
      } catch (error) {
        if ((error as { statusCode?: number }).statusCode === 404) {
          throw new CliError('Campaign not found');
        }
        throw error;
      }
      const uploaded = new Map<string, string>();
      const prefix = options.namePrefix ? `${options.namePrefix.trim()} ` : '';
      const jobRows = [];
      for (const row of rows) {
        const designs = [];
        for (const design of row.designs) {
          const new_url = await uploadArtwork(client, design.source, baseDir, templateId, uploaded);
          designs.push({
            new_url,
            ...(design.print_space ? { print_space: design.print_space } : {}),
          });
        }
        jobRows.push({ campaign_name: `${prefix}${row.campaign_name}`, designs });
      }
      // Without --start the rows are created stopped, so no worker can claim one meanwhile.
      const job = await client.bulkV3.createJob({
        body: {
          template_campaign_id: templateId,
          type: 'regular_multi_space',
          rows: jobRows,
          start: options.start === true,
        },
      });
      const stopped = options.start ? 0 : job.rows;
      const result = {
        id: job.id,
        rows: job.rows,
        uploaded: uploaded.size,
        started: options.start === true,
      };
      if (options.json) printJson(command, { ...result, stopped });
      else {
        printer(command)(
          `Bulk job ${job.id}: ${job.rows} rows, ${uploaded.size} images uploaded, ${
            options.start ? 'queued' : `held stopped (start with \`printloom bulk start-all\`)`
          }\n`,
        );
      }
    });

  bulk
    .command('list')
    .description('List the rows of the multi-space bulk list (10 per page)')
    .option('--q <text>', 'search')
    .option('--status <status>', 'pending, processing, completed, failed or stopped')
    .option('--page <n>', 'page number', '1')
    .option('--per-page <n>', 'rows per page')
    .option('--json', 'print the page as JSON')
    .action(async (options: ListOptions, command: Command) => {
      const { client } = await authedClient();
      const page = await client.bulkV3.rows({
        query: {
          ...(options.q ? { q: options.q } : {}),
          ...(options.status ? { status: options.status } : {}),
          page: positiveInt(options.page, '--page'),
          ...(options.perPage ? { per_page: positiveInt(options.perPage, '--per-page') } : {}),
        } as RouteInput<typeof API.bulkV3.rows>['query'],
      });
      if (options.json) {
        printJson(command, page);
        return;
      }
      if (page.data.length === 0) {
        printer(command)('No bulk rows found.\n');
        return;
      }
      printRows(command, page.data);
      printer(command)(`Page ${page.current_page} of ${page.last_page} · ${page.total} rows\n`);
    });

  for (const [name, description] of [
    ['start', 'Queue stopped rows again'],
    ['stop', 'Stop pending or processing rows'],
    ['remove', 'Remove rows'],
  ] as const) {
    bulk
      .command(`${name} <ids...>`)
      .description(description)
      .option('--json', 'print the answer as JSON')
      .action(async (ids: string[], options: { json?: boolean }, command: Command) => {
        const body = { ids: idList(ids) };
        const { client } = await authedClient();
        if (name === 'remove') {
          const answer = await client.bulkV3.remove({ body });
          if (options.json) printJson(command, answer);
          else printer(command)(`Removed ${answer.ids.length} rows.\n`);
          return;
        }
        const rows =
          name === 'start'
            ? await client.bulkV3.start({ body })
            : await client.bulkV3.stop({ body });
        if (options.json) printJson(command, rows);
        else printRows(command, rows);
      });
  }

  bulk
    .command('retry <id>')
    .description('Put a failed or stopped row back in the queue')
    .option('--json', 'print the row as JSON')
    .action(async (id: string, options: { json?: boolean }, command: Command) => {
      const body = { id: positiveInt(id, 'id') };
      const { client } = await authedClient();
      const row = await client.bulkV3.retry({ body });
      if (options.json) printJson(command, row);
      else printRows(command, [row]);
    });

  for (const [name, description] of [
    ['start-all', 'Queue every stopped row'],
    ['stop-all', 'Stop every pending or processing row'],
  ] as const) {
    bulk
      .command(name)
      .description(description)
      .option('--json', 'print the answer as JSON')
      .action(async (options: { json?: boolean }, command: Command) => {
        const { client } = await authedClient();
        const answer =
          name === 'start-all' ? await client.bulkV3.startAll() : await client.bulkV3.stopAll();
        if (options.json) printJson(command, answer);
        else
          printer(command)(
            `${answer.updated} rows ${name === 'start-all' ? 'queued' : 'stopped'}.\n`,
          );
      });
  }
}
