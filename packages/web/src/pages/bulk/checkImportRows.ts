import {
  MULTI_SPACE_ROW_MESSAGES,
  type MultiSpaceRowInput,
  type MultiSpaceRowMessage,
  validateMultiSpaceRow,
} from '@printloom/core';
import {
  type ArtworkRow,
  type DroppedFile,
  isArtworkImage,
  isRemoteSource,
} from './artworkRows.js';

export interface CheckedDesign {
  source: string;
  print_space: string | undefined;
  /** A dropped file to upload (not a remote address). */
  local: boolean;
}

/**
 * A row as the import page shows it before anything is sent: valid with the work it plans, or
 * invalid with the spec §5 message the worker would mark it with (and, for a file problem, the
 * detail of what is wrong).
 */
export type CheckedRow = {
  index: number;
  campaign_name: string;
  designs: CheckedDesign[];
} & (
  | { ok: true; designCount: number; mockupCount: number }
  | { ok: false; message: MultiSpaceRowMessage; detail: string | undefined }
);

/**
 * Checks every row with core's validateMultiSpaceRow against the template campaign, exactly as
 * the bulk worker will (spec §5), then checks that each local design is a dropped PNG, JPEG or
 * WebP image: a file that is missing or not an image cannot become a design url, so it is
 * 'Design url is invalid'.
 */
export function checkImportRows(
  rows: readonly ArtworkRow[],
  template: MultiSpaceRowInput['template_campaign'],
  files: ReadonlyMap<string, DroppedFile>,
  namePrefix = '',
): CheckedRow[] {
  const prefix = namePrefix.trim() ? `${namePrefix.trim()} ` : '';
  return rows.map((row, index) => {
    const designs = row.designs.map((design) => ({
      source: design.source,
      print_space: design.print_space,
      local: design.source !== '' && !isRemoteSource(design.source),
    }));
    const base = { index, campaign_name: `${prefix}${row.campaign_name}`, designs };
    const result = validateMultiSpaceRow({
      designs: row.designs.map((design) => ({
        new_url: design.source,
        ...(design.print_space ? { print_space: design.print_space } : {}),
      })),
      template_campaign: template,
    });
    if (!result.ok) return { ...base, ok: false, message: result.message, detail: undefined };
    for (const design of designs) {
      if (!design.local) continue;
      const problem = !files.has(design.source)
        ? `${design.source} is not among the dropped files`
        : !isArtworkImage(design.source)
          ? `${design.source} is not a PNG, JPEG or WebP image`
          : undefined;
      if (problem) {
        return {
          ...base,
          ok: false,
          message: MULTI_SPACE_ROW_MESSAGES.designUrlInvalid,
          detail: problem,
        };
      }
    }
    return {
      ...base,
      ok: true,
      designCount: result.designs.length,
      mockupCount: result.mockups.length,
    };
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

/** A safe stored file name, as the CLI names uploads: `{name}_{time}{ext}`. */
export function uploadFileName(path: string, now: number): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  const ext = dot > 0 ? name.slice(dot).toLowerCase() : '';
  const base = dot > 0 ? name.slice(0, dot) : name;
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'artwork';
  return `${safe}_${now}${ext}`;
}
