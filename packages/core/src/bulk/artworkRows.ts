/**
 * How a folder or CSV of artwork becomes the rows of a multi-space bulk job, shared by
 * `printloom bulk create --designs <dir|csv>` and the dashboard's bulk import page so a folder
 * gives the same job on both. Only the mapping lives here (file names or CSV text in, rows or an
 * ArtworkError out); reading the folder and uploading stay with each side.
 *
 * - A folder of images: one row per PNG, JPEG or WebP image directly in the folder, in natural
 *   name order (design-2 before design-10). The campaign name is the file name without its
 *   extension, dashes and underscores read as spaces. The design goes on each product's main
 *   print space.
 * - A CSV with the header `campaign_name,new_url[,print_space]`: one design per line; lines
 *   following each other with the same campaign_name make one row of several designs (one per
 *   print space).
 * - A CSV with `campaign_name` and other columns: each other column is a print space name, its
 *   cells the artwork of that space (empty cells are skipped).
 * - CSV cells follow RFC 4180 (read by papaparse): a quoted cell may hold commas, doubled
 *   quotes and line breaks.
 * - In a CSV, an address starting with http(s):, data:, images/ or /files/ is used as it is
 *   (isRemoteSource); anything else is a file path relative to the CSV.
 */

import Papa from 'papaparse';

export const ARTWORK_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};
/** Blob-store folder of uploaded bulk artwork, per template campaign: 'a/{templateId}'. */
export const ARTWORK_UPLOAD_PREFIX = 'a';

/** The artwork cannot be read (not one row is usable); its message is shown as it is. */
export class ArtworkError extends Error {
  override name = 'ArtworkError';
}

export interface ArtworkDesign {
  /** A remote address (isRemoteSource), or the path of a local file. */
  source: string;
  print_space?: string;
}

export interface ArtworkRow {
  campaign_name: string;
  designs: ArtworkDesign[];
}

/** The extension of a '/'-separated path's last part, lower-cased with its dot ('' if none). */
export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

export function isArtworkImage(path: string): boolean {
  return extensionOf(path) in ARTWORK_CONTENT_TYPES;
}

/** Addresses used as they are (spec §5 image paths); anything else is a local file to upload. */
export function isRemoteSource(source: string): boolean {
  return /^(https?:|data:|images\/|\/files\/)/i.test(source);
}

/** Campaign name of an image in a folder: its name without extension, - and _ as spaces. */
export function campaignNameOfFile(fileName: string): string {
  const ext = extensionOf(fileName);
  const base = ext ? fileName.slice(0, -ext.length) : fileName;
  return base.replace(/[-_]+/g, ' ').trim() || fileName;
}

const naturalOrder = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * The rows of a folder: one per image among `fileNames` (the names of the files directly in
 * it; other files are left out), in natural order, each design's source the file name. No
 * image gives no row: each side says so in its own words.
 */
export function folderArtworkRows(fileNames: readonly string[]): ArtworkRow[] {
  return fileNames
    .filter(isArtworkImage)
    .sort(naturalOrder)
    .map((name) => ({ campaign_name: campaignNameOfFile(name), designs: [{ source: name }] }));
}

/** One CSV record: its cells, trimmed, and the line it starts on (1-based). */
interface CsvRecord {
  cells: string[];
  line: number;
}

/**
 * The records of a CSV through papaparse (RFC 4180: quoted cells may hold commas, doubled quotes
 * and line breaks), skipping blank lines. A quote left open throws an ArtworkError naming the
 * line it opened on.
 */
function csvRecords(text: string, file: string): CsvRecord[] {
  const records: CsvRecord[] = [];
  let previousEnd = 0;
  let lineAt = 1;
  let countedTo = 0;
  const lineOf = (offset: number) => {
    for (; countedTo < offset; countedTo += 1) if (text[countedTo] === '\n') lineAt += 1;
    return lineAt;
  };
  Papa.parse<string[]>(text, {
    delimiter: ',',
    skipEmptyLines: 'greedy',
    step: (result) => {
      // The record starts after the blank lines papaparse skipped since the last one.
      const blank = /^(?:[ \t]*\r?\n)*/.exec(text.slice(previousEnd))?.[0].length ?? 0;
      const line = lineOf(previousEnd + blank);
      previousEnd = result.meta.cursor;
      const quotes = result.errors.find((error) => error.type === 'Quotes');
      if (quotes) {
        throw new ArtworkError(`${file} line ${line}: a quoted cell is not closed properly`);
      }
      records.push({ cells: result.data.map((cell) => cell.trim()), line });
    },
  });
  return records;
}

/**
 * Reads the rows of a CSV (rules in the header comment; a leading byte-order mark is skipped).
 * Whole-file problems throw an ArtworkError naming `file`; line numbers are those of the file.
 */
export function parseArtworkCsv(text: string, file = 'CSV'): ArtworkRow[] {
  const records = csvRecords(text.replace(/^\uFEFF/, ''), file);
  const header = records.shift();
  if (!header) throw new ArtworkError(`${file} is empty`);
  const columns = header.cells.map((c) => c.toLowerCase());
  const nameAt = columns.indexOf('campaign_name');
  if (nameAt < 0) throw new ArtworkError(`${file} needs a campaign_name column`);
  const urlAt = columns.indexOf('new_url');
  const spaceAt = columns.indexOf('print_space');
  const rows: ArtworkRow[] = [];
  for (const { cells, line } of records) {
    const name = cells[nameAt] ?? '';
    if (name === '') throw new ArtworkError(`${file} line ${line}: campaign_name is empty`);
    let designs: ArtworkDesign[];
    if (urlAt >= 0) {
      const space = spaceAt >= 0 ? cells[spaceAt] : undefined;
      designs = [{ source: cells[urlAt] ?? '', ...(space ? { print_space: space } : {}) }];
    } else {
      designs = columns
        .map((column, at) => ({ column, value: cells[at] ?? '', at }))
        .filter(({ at, value }) => at !== nameAt && value !== '')
        .map(({ column, value }) => ({ source: value, print_space: column }));
    }
    const last = rows.at(-1);
    if (last && urlAt >= 0 && last.campaign_name === name) last.designs.push(...designs);
    else rows.push({ campaign_name: name, designs });
  }
  if (rows.length === 0) throw new ArtworkError(`${file} has no rows`);
  return rows;
}

/**
 * The name an artwork file is uploaded under: its name made safe (runs of other characters
 * than letters, digits, '.', '_' and '-' become '-', at most 80 characters, 'artwork' if
 * nothing is left), the upload time, and its lower-cased extension: 'My Cat.PNG' at 42 →
 * 'My-Cat_42.png'. `path` is '/'-separated.
 */
export function artworkUploadName(path: string, now: number): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const ext = extensionOf(name);
  const base = ext ? name.slice(0, -ext.length) : name;
  const safe = base.replace(/[^A-Za-z0-9._-]+/g, '-').slice(0, 80) || 'artwork';
  return `${safe}_${now}${ext}`;
}
