/**
 * The pre-check of a bulk import: every row of a folder or CSV of artwork checked against the
 * template campaign before anything is uploaded or created, exactly as the worker will check it
 * (spec §5, §8). The dashboard's import page and `printloom bulk create` both run it, so a row
 * one refuses the other refuses too, with the same words.
 *
 * Each refused row carries the spec's `message` (the code the worker would store, e.g.
 * PRINT_SPACE_IS_MISSING) and a `reason` in plain words naming what is at fault ("Ceramic Mug
 * 11oz (3D) has no print space 'front'"). Whether a local file exists and is an image is the
 * caller's to find out (a dropped file, a file on disk): it passes `fileProblem`.
 */
import { type ArtworkRow, isRemoteSource } from './artworkRows.js';
import { REGULAR_WORKER_LOG_MESSAGES, REGULAR_WORKER_LOG_TEXTS } from './constants.js';
import type { TemplateCampaign } from './PendingBulkRecord.js';
import { printSpacesReadable, type RegularLogMessage, templateProblem } from './regularWorker.js';
import {
  MULTI_SPACE_ROW_MESSAGE_TEXTS,
  MULTI_SPACE_ROW_MESSAGES,
  MULTI_SPACE_ROW_REASONS,
  type MultiSpaceRowInput,
  type MultiSpaceRowMessage,
  productLabel,
  validateMultiSpaceRow,
} from './validateMultiSpaceRow.js';

/** The spec's messages a row can be refused with (spec §5 row rules, §8 worker messages). */
export type ArtworkRowMessage = MultiSpaceRowMessage | RegularLogMessage;

export interface CheckedDesign {
  source: string;
  print_space: string | undefined;
  /** A file to upload (not a remote address). */
  local: boolean;
}

/** A row as it would be sent: valid with the work it plans, or refused with why. */
export type CheckedArtworkRow = {
  index: number;
  campaign_name: string;
  designs: CheckedDesign[];
} & (
  | { ok: true; designCount: number; mockupCount: number }
  | { ok: false; message: ArtworkRowMessage; reason: string }
);

/** What is wrong with one local file a row names (missing, not an image), if anything. */
export type FileProblem = (source: string) => string | undefined;

export interface CheckArtworkOptions {
  /** Put before every campaign name (multi-space); shown before names (regular). */
  namePrefix?: string | undefined;
  fileProblem?: FileProblem | undefined;
}

function checkedDesigns(row: ArtworkRow): CheckedDesign[] {
  return row.designs.map((design) => ({
    source: design.source,
    print_space: design.print_space,
    local: design.source !== '' && !isRemoteSource(design.source),
  }));
}

function firstFileProblem(
  designs: readonly CheckedDesign[],
  fileProblem: FileProblem | undefined,
): string | undefined {
  if (!fileProblem) return undefined;
  for (const design of designs) {
    if (!design.local) continue;
    const problem = fileProblem(design.source);
    if (problem) return problem;
  }
  return undefined;
}

const prefixOf = (namePrefix: string | undefined) =>
  namePrefix?.trim() ? `${namePrefix.trim()} ` : '';

/**
 * Rows of a multi-space job: core's validateMultiSpaceRow against the template campaign, then
 * each local design must be a file there is ('Design url is invalid' otherwise: it could not
 * become a design url).
 */
export function checkMultiSpaceRows(
  rows: readonly ArtworkRow[],
  template: MultiSpaceRowInput['template_campaign'],
  options: CheckArtworkOptions = {},
): CheckedArtworkRow[] {
  const prefix = prefixOf(options.namePrefix);
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
    if (!result.ok) return { ...base, ok: false, message: result.message, reason: result.reason };
    const problem = firstFileProblem(designs, options.fileProblem);
    if (problem) {
      return {
        ...base,
        ok: false,
        message: MULTI_SPACE_ROW_MESSAGES.designUrlInvalid,
        reason: problem,
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

/** Why a template campaign cannot be copied by the regular worker, in words, or null. */
export function templateProblemReason(template: TemplateCampaign | null): string | null {
  const problem = templateProblem(template);
  if (problem === null) return null;
  if (problem === REGULAR_WORKER_LOG_MESSAGES.missingPrintSpaces) {
    const product = template?.products.find((p) => !printSpacesReadable(p.print_spaces));
    if (product) return MULTI_SPACE_ROW_REASONS.printSpacesUnreadable(productLabel(product));
  }
  return REGULAR_WORKER_LOG_TEXTS[problem] ?? problem;
}

/**
 * Rows of regular jobs: one artwork per campaign, put where the template campaign has its
 * design (a print space column is not used). The template must be one the regular worker can
 * copy (core's templateProblem, spec §8 messages); a row needs exactly one design ('Empty valid
 * design', 'Design is invalid') with an address or a file there is ('Design url is invalid').
 * The worker adds the prefix itself: `namePrefix` only shows in `campaign_name` here.
 */
export function checkRegularRows(
  rows: readonly ArtworkRow[],
  template: TemplateCampaign | null | undefined,
  options: CheckArtworkOptions = {},
): CheckedArtworkRow[] {
  const shown = prefixOf(options.namePrefix);
  const templateMessage = templateProblem(template ?? null);
  const templateReason = templateProblemReason(template ?? null);
  const mockups = (template?.products ?? []).reduce(
    (sum, product) => sum + product.template_mockups.length,
    0,
  );
  const R = MULTI_SPACE_ROW_REASONS;
  return rows.map((row, index) => {
    const designs = checkedDesigns(row);
    const base = { index, campaign_name: `${shown}${row.campaign_name}`, designs };
    const fail = (message: ArtworkRowMessage, reason: string): CheckedArtworkRow => ({
      ...base,
      ok: false,
      message,
      reason,
    });
    if (!template) return fail(MULTI_SPACE_ROW_MESSAGES.campaignNotFound, R.campaignNotFound());
    if (templateMessage) return fail(templateMessage, templateReason ?? templateMessage);
    if (designs.length === 0) return fail(MULTI_SPACE_ROW_MESSAGES.emptyDesigns, R.emptyDesigns());
    if (designs.length > 1) {
      return fail(MULTI_SPACE_ROW_MESSAGES.designInvalid, 'A regular campaign takes one artwork');
    }
    if (designs[0]?.source === '') {
      return fail(MULTI_SPACE_ROW_MESSAGES.designUrlInvalid, R.designUrlMissing(1));
    }
    const problem = firstFileProblem(designs, options.fileProblem);
    if (problem) return fail(MULTI_SPACE_ROW_MESSAGES.designUrlInvalid, problem);
    return { ...base, ok: true, designCount: template.products.length, mockupCount: mockups };
  });
}

/**
 * A stored bulk message (a multi-space row's or a regular job's last log) in plain words, for
 * lists that show what the code means; undefined for a message that is plain words already.
 */
export function bulkMessageText(message: string | null | undefined): string | undefined {
  if (!message) return undefined;
  return (
    (MULTI_SPACE_ROW_MESSAGE_TEXTS as Readonly<Record<string, string>>)[message] ??
    REGULAR_WORKER_LOG_TEXTS[message]
  );
}
