import { randomUUID } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { hostname } from 'node:os';
import { basename, dirname, extname, resolve } from 'node:path';
import {
  type ApiClient,
  ARTWORK_CONTENT_TYPES,
  ARTWORK_UPLOAD_PREFIX,
  type ArtworkRow,
  artworkUploadName,
  type BulkMultiSpaceRow,
  type BulkRegularRow,
  bulkMessageText,
  bulkStatusLabel,
  type CheckedArtworkRow,
  checkMultiSpaceRows,
  checkRegularRows,
  extensionOf,
  folderArtworkRows,
  isArtworkImage,
  isRemoteSource,
  parseArtworkCsv,
  parseBulkStatus,
  type TemplateCampaign,
} from '@printloom/core';
import type { Command } from 'commander';
import { CliError, EXIT } from '../CliError.js';
import { authedClient } from '../config.js';
import { idList, isVerbose, positiveInt, printer, printJson } from '../output.js';

/**
 * `printloom bulk …`: run workers, create jobs from a folder or CSV of artwork (checked first
 * by the same pre-check as the dashboard's import page), and list and manage both kinds of
 * bulk work the dashboard shows: multi-space rows and regular jobs.
 */

export const WORKER_TYPES = ['multi-space', 'regular', 'all'] as const;
export type WorkerType = (typeof WORKER_TYPES)[number];

/** The two kinds of bulk work: rows of a multi-space job, or regular jobs (one campaign each). */
export const BULK_KINDS = ['multi-space', 'regular'] as const;
export type BulkKind = (typeof BULK_KINDS)[number];

function kindOf(value: string | undefined): BulkKind {
  const kind = value ?? 'multi-space';
  if (!(BULK_KINDS as readonly string[]).includes(kind)) {
    throw new CliError(`Unknown kind "${kind}": use multi-space or regular`, EXIT.usage);
  }
  return kind as BulkKind;
}

const KIND_OPTION = ['--kind <kind>', 'multi-space (rows of multi-space jobs) or regular'] as const;

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

/** What is wrong with each local file the rows name (missing, not a file, not an image). */
async function localFileProblems(
  rows: readonly ArtworkRow[],
  baseDir: string,
): Promise<Map<string, string>> {
  const problems = new Map<string, string>();
  for (const row of rows) {
    for (const { source } of row.designs) {
      if (source === '' || isRemoteSource(source) || problems.has(source)) continue;
      const path = resolve(baseDir, source);
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile()) problems.set(source, `${path} does not exist`);
      else if (!isArtworkImage(path))
        problems.set(source, `${path} is not a PNG, JPEG or WebP image`);
    }
  }
  return problems;
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

/** A refused row as `--json` prints it and as the message lists it. */
function refusal(row: CheckedArtworkRow & { ok: false }) {
  return {
    row: row.index + 1,
    campaign_name: row.campaign_name,
    message: row.message,
    reason: row.reason,
  };
}

function refusalLines(refused: readonly ReturnType<typeof refusal>[]): string {
  return refused
    .map((r) => `  row ${r.row} "${r.campaign_name}": ${r.reason} (${r.message})`)
    .join('\n');
}

interface CreateOptions {
  kind?: string;
  template: string;
  designs: string;
  namePrefix?: string;
  suffix?: string;
  collection?: string;
  start?: boolean;
  force?: boolean;
  json?: boolean;
}

interface ListOptions {
  kind?: string;
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

/** A stored message with what it means, e.g. "PRINT_SPACE_IS_MISSING (A print space …)". */
function messageCell(message: string | null | undefined): string {
  if (!message) return '';
  const text = bulkMessageText(message);
  return text ? `${message} (${text})` : message;
}

function printMultiSpaceRows(command: Command, rows: readonly BulkMultiSpaceRow[]): void {
  const print = printer(command);
  print(
    `${'ID'.padEnd(8)}${'Job'.padEnd(6)}${'Status'.padEnd(15)}${'Campaign'.padEnd(10)}Name / message\n`,
  );
  for (const row of rows) {
    const name = row.campaign_name ?? '';
    // Who processed a finished row ('server worker 1', a host name).
    const by = row.status === 'completed' && row.device_id ? ` · ${row.device_id}` : '';
    const note = row.message ? `${name} — ${messageCell(row.message)}` : `${name}${by}`;
    print(
      `${String(row.id).padEnd(8)}${String(row.bulk_id).padEnd(6)}${bulkStatusLabel(row.status).padEnd(15)}${String(row.campaign_id ?? '—').padEnd(10)}${note}\n`,
    );
  }
}

function printRegularRows(command: Command, rows: readonly BulkRegularRow[]): void {
  const print = printer(command);
  print(
    `${'ID'.padEnd(8)}${'Status'.padEnd(15)}${'Template'.padEnd(10)}${'Campaign'.padEnd(10)}Name / message\n`,
  );
  for (const row of rows) {
    const name = [row.prefix, row.campaign_name, row.suffix].filter(Boolean).join(' ');
    const note = row.message ? `${name} — ${messageCell(row.message)}` : name;
    print(
      `${String(row.id).padEnd(8)}${bulkStatusLabel(row.status).padEnd(15)}${String(row.template_campaign_id ?? '—').padEnd(10)}${String(row.campaign_id ?? '—').padEnd(10)}${note}\n`,
    );
  }
}

function statusOption(value: string | undefined) {
  if (value === undefined) return {};
  const status = parseBulkStatus(value);
  if (!status) {
    throw new CliError(
      `Unknown status "${value}": use pending, processing, processed, failed, stopped, duplicate or saving design`,
      EXIT.usage,
    );
  }
  return { status };
}

/** The template campaign as workers read it; 'Campaign not found' before anything is sent. */
async function templateOf(client: ApiClient, id: number): Promise<TemplateCampaign> {
  try {
    return await client.bulkV3.origin({ params: { id } });
  } catch (error) {
    if ((error as { statusCode?: number }).statusCode === 404) {
      throw new CliError('Campaign not found');
    }
    throw error;
  }
}

export function registerBulkCommands(program: Command): void {
  const bulk = program
    .command('bulk')
    .description('Bulk campaign jobs (multi-space rows and regular jobs) and their workers');

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
    .description(
      'Check, upload and create a bulk job from a template campaign and a folder or CSV of artwork',
    )
    .option(...KIND_OPTION, 'multi-space')
    .requiredOption('--template <campaignId>', 'the campaign to copy')
    .requiredOption('--designs <dir|csv>', 'a folder of images (one row each) or a CSV')
    .option('--name-prefix <prefix>', 'put before every campaign name')
    .option('--suffix <suffix>', 'regular: put after every campaign name')
    .option('--collection <name>', 'regular: the collection of every new campaign')
    .option('--start', 'multi-space: queue the rows at once (otherwise they wait stopped)')
    .option('--force', 'create the rows the pre-check refuses (workers will mark them failed)')
    .option('--json', 'print the job (or the refused rows) as JSON')
    .action(async (options: CreateOptions, command: Command) => {
      const kind = kindOf(options.kind);
      const templateId = positiveInt(options.template, '--template');
      const { rows, baseDir } = await readArtwork(options.designs);
      const { client } = await authedClient();
      const template = await templateOf(client, templateId);

      // The dashboard's import page runs the same check on the same rows before anything leaves.
      const files = await localFileProblems(rows, baseDir);
      const fileProblem = (source: string) => files.get(source);
      const checked =
        kind === 'regular'
          ? checkRegularRows(rows, template, { namePrefix: options.namePrefix, fileProblem })
          : checkMultiSpaceRows(rows, template, { namePrefix: options.namePrefix, fileProblem });
      const refused = checked.flatMap((row) => (row.ok ? [] : [refusal(row)]));
      // A row naming a file that cannot be read is refused (by its rule or its file), and such
      // a file cannot be sent, --force or not.
      if (refused.length > 0 && (!options.force || files.size > 0)) {
        if (options.json) printJson(command, { refused, rows: rows.length });
        const why =
          files.size > 0 && options.force
            ? '--force cannot send a file that cannot be read'
            : 'fix them, or pass --force to create them anyway (workers will mark them failed)';
        throw new CliError(
          `${refused.length} of ${rows.length} rows refused by the pre-check (the dashboard's import page refuses them too):\n${refusalLines(refused)}\n${why}`,
        );
      }

      const uploaded = new Map<string, string>();
      if (kind === 'regular') {
        const jobRows = [];
        for (const row of rows) {
          const [design] = row.designs;
          if (!design) continue;
          const new_url = await uploadArtwork(client, design.source, baseDir, templateId, uploaded);
          jobRows.push({ campaign_name: row.campaign_name, new_url });
        }
        const answer = await client.bulkRegular.createJobs({
          body: {
            template_campaign_id: templateId,
            ...(options.namePrefix ? { prefix: options.namePrefix } : {}),
            ...(options.suffix ? { suffix: options.suffix } : {}),
            ...(options.collection ? { collection: options.collection } : {}),
            rows: jobRows,
          },
        });
        if (options.json) {
          printJson(command, {
            kind,
            ids: answer.ids,
            rows: answer.ids.length,
            uploaded: uploaded.size,
            refused,
          });
        } else {
          printer(command)(
            `${answer.ids.length} regular jobs (${answer.ids[0]}…${answer.ids.at(-1)}), ${uploaded.size} images uploaded, queued\n`,
          );
        }
        return;
      }

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
      if (options.json) {
        printJson(command, {
          id: job.id,
          rows: job.rows,
          uploaded: uploaded.size,
          started: options.start === true,
          stopped,
          refused,
        });
      } else {
        printer(command)(
          `Bulk job ${job.id}: ${job.rows} rows, ${uploaded.size} images uploaded, ${
            options.start ? 'queued' : `held stopped (start with \`printloom bulk start-all\`)`
          }\n`,
        );
        if (refused.length > 0) {
          printer(command)(
            `Created anyway (--force), workers will mark these failed:\n${refusalLines(refused)}\n`,
          );
        }
      }
    });

  bulk
    .command('list')
    .description('List multi-space rows or regular jobs, as the dashboard does (10 per page)')
    .option(...KIND_OPTION, 'multi-space')
    .option('--q <text>', 'search')
    .option(
      '--status <status>',
      'pending, processing, processed, failed, stopped, duplicate or saving design',
    )
    .option('--page <n>', 'page number', '1')
    .option('--per-page <n>', 'rows per page')
    .option('--json', 'print the page as JSON')
    .action(async (options: ListOptions, command: Command) => {
      const kind = kindOf(options.kind);
      const query = {
        ...(options.q ? { q: options.q } : {}),
        ...statusOption(options.status),
        page: positiveInt(options.page, '--page'),
        ...(options.perPage ? { per_page: positiveInt(options.perPage, '--per-page') } : {}),
      };
      const { client } = await authedClient();
      const page =
        kind === 'regular'
          ? await client.bulkRegular.jobs({ query })
          : await client.bulkV3.rows({ query });
      if (options.json) {
        printJson(command, page);
        return;
      }
      const noun = kind === 'regular' ? 'regular jobs' : 'rows';
      if (page.data.length === 0) {
        printer(command)(`No bulk ${noun} found.\n`);
        return;
      }
      if (kind === 'regular') printRegularRows(command, page.data as BulkRegularRow[]);
      else printMultiSpaceRows(command, page.data as BulkMultiSpaceRow[]);
      printer(command)(`Page ${page.current_page} of ${page.last_page} · ${page.total} ${noun}\n`);
    });

  for (const [name, description] of [
    ['start', 'Queue stopped rows (or regular jobs) again'],
    ['stop', 'Stop pending or processing rows (or regular jobs)'],
    ['remove', 'Remove rows (or regular jobs)'],
  ] as const) {
    bulk
      .command(`${name} <ids...>`)
      .description(description)
      .option(...KIND_OPTION, 'multi-space')
      .option('--json', 'print the answer as JSON')
      .action(
        async (ids: string[], options: { kind?: string; json?: boolean }, command: Command) => {
          const kind = kindOf(options.kind);
          const body = { ids: idList(ids) };
          const { client } = await authedClient();
          if (name === 'remove') {
            const answer =
              kind === 'regular'
                ? await client.bulkRegular.remove({ body })
                : await client.bulkV3.remove({ body });
            if (options.json) printJson(command, answer);
            else
              printer(command)(
                `Removed ${answer.ids.length} ${kind === 'regular' ? 'jobs' : 'rows'}.\n`,
              );
            return;
          }
          if (kind === 'regular') {
            const jobs =
              name === 'start'
                ? await client.bulkRegular.start({ body })
                : await client.bulkRegular.stop({ body });
            if (options.json) printJson(command, jobs);
            else printRegularRows(command, jobs);
            return;
          }
          const rows =
            name === 'start'
              ? await client.bulkV3.start({ body })
              : await client.bulkV3.stop({ body });
          if (options.json) printJson(command, rows);
          else printMultiSpaceRows(command, rows);
        },
      );
  }

  bulk
    .command('retry <id>')
    .description('Put a failed or stopped row (or regular job) back in the queue')
    .option(...KIND_OPTION, 'multi-space')
    .option('--json', 'print the row as JSON')
    .action(async (id: string, options: { kind?: string; json?: boolean }, command: Command) => {
      const kind = kindOf(options.kind);
      const body = { id: positiveInt(id, 'id') };
      const { client } = await authedClient();
      if (kind === 'regular') {
        const job = await client.bulkRegular.retry({ body });
        if (options.json) printJson(command, job);
        else printRegularRows(command, [job]);
        return;
      }
      const row = await client.bulkV3.retry({ body });
      if (options.json) printJson(command, row);
      else printMultiSpaceRows(command, [row]);
    });

  for (const [name, description] of [
    ['start-all', 'Queue every stopped row (or regular job)'],
    ['stop-all', 'Stop every pending or processing row (or regular job)'],
  ] as const) {
    bulk
      .command(name)
      .description(description)
      .option(...KIND_OPTION, 'multi-space')
      .option('--json', 'print the answer as JSON')
      .action(async (options: { kind?: string; json?: boolean }, command: Command) => {
        const kind = kindOf(options.kind);
        const { client } = await authedClient();
        const start = name === 'start-all';
        const answer =
          kind === 'regular'
            ? await (start ? client.bulkRegular.startAll() : client.bulkRegular.stopAll())
            : await (start ? client.bulkV3.startAll() : client.bulkV3.stopAll());
        if (options.json) printJson(command, answer);
        else
          printer(command)(
            `${answer.updated} ${kind === 'regular' ? 'jobs' : 'rows'} ${start ? 'queued' : 'stopped'}.\n`,
          );
      });
  }
}
