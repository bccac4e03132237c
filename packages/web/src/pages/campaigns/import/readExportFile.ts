import {
  CAMPAIGN_EXPORT_FORMAT,
  CAMPAIGN_EXPORT_MAX,
  type CampaignImportBody,
} from '@printloom/core';

/** A campaign export file as read in the browser, before it is sent. */
export type ReadExport =
  | { ok: true; body: CampaignImportBody; names: string[] }
  | { ok: false; message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * Reads the text of a campaign export: JSON with the export's format name and a list of
 * campaigns. Each campaign is checked by the server, entry by entry; only the file's shape is
 * checked here, so the seller learns at once that a file is not an export.
 */
export function readExportFile(text: string): ReadExport {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { ok: false, message: 'This file is not JSON: choose a campaign export (.json).' };
  }
  if (!isRecord(parsed) || parsed.format !== CAMPAIGN_EXPORT_FORMAT) {
    return {
      ok: false,
      message: `This file is not a campaign export (its format should be ${CAMPAIGN_EXPORT_FORMAT}).`,
    };
  }
  const campaigns = Array.isArray(parsed.campaigns) ? parsed.campaigns.filter(isRecord) : [];
  if (campaigns.length === 0) return { ok: false, message: 'The file holds no campaigns.' };
  if (campaigns.length > CAMPAIGN_EXPORT_MAX) {
    return {
      ok: false,
      message: `The file holds ${campaigns.length} campaigns; import at most ${CAMPAIGN_EXPORT_MAX} at a time.`,
    };
  }
  return {
    ok: true,
    body: { format: CAMPAIGN_EXPORT_FORMAT, campaigns },
    names: campaigns.map((c, i) =>
      typeof c.name === 'string' && c.name.trim() ? c.name : `Campaign ${i + 1}`,
    ),
  };
}
