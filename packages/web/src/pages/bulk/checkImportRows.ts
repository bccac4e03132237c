import {
  type ArtworkRow,
  isArtworkImage,
  isRemoteSource,
  MULTI_SPACE_ROW_MESSAGES,
  type MultiSpaceRowInput,
  type MultiSpaceRowMessage,
  type RegularLogMessage,
  type TemplateCampaign,
  templateProblem,
  validateMultiSpaceRow,
} from '@printloom/core';
import type { DroppedFile } from './artworkRows.js';

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
  | { ok: false; message: RowMessage; detail: string | undefined }
);

/** The spec's messages a row can be refused with (spec §5 row rules, §8 worker messages). */
export type RowMessage = MultiSpaceRowMessage | RegularLogMessage;

function checkedDesigns(row: ArtworkRow): CheckedDesign[] {
  return row.designs.map((design) => ({
    source: design.source,
    print_space: design.print_space,
    local: design.source !== '' && !isRemoteSource(design.source),
  }));
}

/** What is wrong with the dropped files a row names, if anything. */
function fileProblem(
  designs: readonly CheckedDesign[],
  files: ReadonlyMap<string, DroppedFile>,
): string | undefined {
  for (const design of designs) {
    if (!design.local) continue;
    if (!files.has(design.source)) return `${design.source} is not among the dropped files`;
    if (!isArtworkImage(design.source)) return `${design.source} is not a PNG, JPEG or WebP image`;
  }
  return undefined;
}

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
    const designs = checkedDesigns(row);
    const base = { index, campaign_name: `${prefix}${row.campaign_name}`, designs };
    const result = validateMultiSpaceRow({
      designs: row.designs.map((design) => ({
        new_url: design.source,
        ...(design.print_space ? { print_space: design.print_space } : {}),
      })),
      template_campaign: template,
    });
    if (!result.ok) return { ...base, ok: false, message: result.message, detail: undefined };
    const problem = fileProblem(designs, files);
    if (problem) {
      return {
        ...base,
        ok: false,
        message: MULTI_SPACE_ROW_MESSAGES.designUrlInvalid,
        detail: problem,
      };
    }
    return {
      ...base,
      ok: true,
      designCount: result.designs.length,
      mockupCount: result.mockups.length,
    };
  });
}

/**
 * Checks rows of a regular bulk job: one artwork per campaign, put where the template campaign
 * has its design (a print space column is not used). The template itself must be one the
 * regular worker can copy (core's templateProblem, spec §8 messages: 'Campaign has no
 * products', 'Original campaign has no design', 'Missing print spaces'); a row needs exactly
 * one design ('Empty valid design', 'Design is invalid') with an address or a dropped image
 * ('Design url is invalid'). The worker adds `prefix` itself, so names stay as read.
 */
export function checkRegularRows(
  rows: readonly ArtworkRow[],
  template: TemplateCampaign | null | undefined,
  files: ReadonlyMap<string, DroppedFile>,
  prefix = '',
): CheckedRow[] {
  const shown = prefix.trim() ? `${prefix.trim()} ` : '';
  const templateMessage = templateProblem(template ?? null);
  const mockups = (template?.products ?? []).reduce(
    (sum, product) => sum + product.template_mockups.length,
    0,
  );
  return rows.map((row, index) => {
    const designs = checkedDesigns(row);
    const base = { index, campaign_name: `${shown}${row.campaign_name}`, designs };
    const fail = (message: RowMessage, detail?: string): CheckedRow => ({
      ...base,
      ok: false,
      message,
      detail,
    });
    if (!template) return fail(MULTI_SPACE_ROW_MESSAGES.campaignNotFound);
    if (templateMessage) return fail(templateMessage);
    if (designs.length === 0) return fail(MULTI_SPACE_ROW_MESSAGES.emptyDesigns);
    if (designs.length > 1) {
      return fail(MULTI_SPACE_ROW_MESSAGES.designInvalid, 'A regular campaign takes one artwork');
    }
    if (designs[0]?.source === '') return fail(MULTI_SPACE_ROW_MESSAGES.designUrlInvalid);
    const problem = fileProblem(designs, files);
    if (problem) return fail(MULTI_SPACE_ROW_MESSAGES.designUrlInvalid, problem);
    return { ...base, ok: true, designCount: template.products.length, mockupCount: mockups };
  });
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
