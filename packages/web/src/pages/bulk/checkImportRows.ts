import {
  type ArtworkRow,
  type ArtworkRowMessage,
  type CheckedArtworkRow,
  type CheckedDesign,
  checkMultiSpaceRows,
  checkRegularRows as checkRegularArtworkRows,
  isArtworkImage,
  type MultiSpaceRowInput,
  type TemplateCampaign,
} from '@printloom/core';
import type { DroppedFile } from './artworkRows.js';

export type { CheckedDesign };

/**
 * A row as the import page shows it before anything is sent: valid with the work it plans, or
 * invalid with the spec §5 message the worker would mark it with and, in `detail`, the reason
 * in plain words (core's pre-check, the same words `printloom bulk create` prints).
 */
export type CheckedRow = {
  index: number;
  campaign_name: string;
  designs: CheckedDesign[];
} & (
  | { ok: true; designCount: number; mockupCount: number }
  | { ok: false; message: RowMessage; detail: string | undefined }
);

/** The spec's messages a row can be refused with (spec §5 row rules, §8 worker messages). */
export type RowMessage = ArtworkRowMessage;

/** What is wrong with a dropped file a row names, if anything. */
function droppedFileProblem(files: ReadonlyMap<string, DroppedFile>) {
  return (source: string): string | undefined => {
    if (!files.has(source)) return `${source} is not among the dropped files`;
    if (!isArtworkImage(source)) return `${source} is not a PNG, JPEG or WebP image`;
    return undefined;
  };
}

function shown(row: CheckedArtworkRow): CheckedRow {
  if (row.ok) return row;
  const { reason, ...rest } = row;
  return { ...rest, detail: reason };
}

/**
 * Checks every row with core's pre-check (validateMultiSpaceRow against the template campaign,
 * exactly as the bulk worker will, spec §5), each local design having to be a dropped PNG,
 * JPEG or WebP image: a file that is missing or not an image cannot become a design url, so it
 * is 'Design url is invalid'.
 */
export function checkImportRows(
  rows: readonly ArtworkRow[],
  template: MultiSpaceRowInput['template_campaign'],
  files: ReadonlyMap<string, DroppedFile>,
  namePrefix = '',
): CheckedRow[] {
  return checkMultiSpaceRows(rows, template, {
    namePrefix,
    fileProblem: droppedFileProblem(files),
  }).map(shown);
}

/**
 * Checks rows of a regular bulk job with core's checkRegularRows: one artwork per campaign, put
 * where the template campaign has its design; the template must be one the regular worker can
 * copy. The worker adds `prefix` itself, so names stay as read.
 */
export function checkRegularRows(
  rows: readonly ArtworkRow[],
  template: TemplateCampaign | null | undefined,
  files: ReadonlyMap<string, DroppedFile>,
  prefix = '',
): CheckedRow[] {
  return checkRegularArtworkRows(rows, template, {
    namePrefix: prefix,
    fileProblem: droppedFileProblem(files),
  }).map(shown);
}

/** The regular jobs of the valid rows: a name and the uploaded url of its one artwork. */
export function regularJobRows(
  rows: readonly CheckedRow[],
  uploaded: ReadonlyMap<string, string>,
  prefix = '',
) {
  const shown = prefix.trim() ? `${prefix.trim()} ` : '';
  return rows
    .filter((row) => row.ok)
    .map((row) => {
      const [design] = row.designs;
      const newUrl = design?.local ? uploaded.get(design.source) : design?.source;
      if (!newUrl) throw new Error(`${design?.source ?? 'The artwork'} was not uploaded`);
      return { campaign_name: row.campaign_name.slice(shown.length), new_url: newUrl };
    });
}

/** The distinct dropped files the valid rows need uploaded, in first-use order. */
export function filesToUpload(rows: readonly CheckedRow[]): string[] {
  const paths = new Set<string>();
  for (const row of rows) {
    if (!row.ok) continue;
    for (const design of row.designs) if (design.local) paths.add(design.source);
  }
  return [...paths];
}

/** The job rows of the valid rows, with each local file replaced by its uploaded url. */
export function jobRows(rows: readonly CheckedRow[], uploaded: ReadonlyMap<string, string>) {
  return rows
    .filter((row) => row.ok)
    .map((row) => ({
      campaign_name: row.campaign_name,
      designs: row.designs.map((design) => {
        const newUrl = design.local ? uploaded.get(design.source) : design.source;
        if (!newUrl) throw new Error(`${design.source} was not uploaded`);
        return {
          new_url: newUrl,
          ...(design.print_space ? { print_space: design.print_space } : {}),
        };
      }),
    }));
}
