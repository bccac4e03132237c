/**
 * How a dropped folder or CSV of artwork becomes the rows of a multi-space bulk job. The rules
 * are those of `printloom bulk create --designs <dir|csv>` (packages/cli, commands/bulk.ts), so
 * a folder gives the same job in the dashboard and on the command line:
 *
 * - A folder of images: one row per PNG, JPEG or WebP image directly in the folder (sub-folders
 *   and other files are left out), in natural name order (design-2 before design-10). The
 *   campaign name is the file name without its extension, dashes and underscores read as
 *   spaces. The design goes on each product's main print space.
 * - A CSV with the header `campaign_name,new_url[,print_space]`: one design per line; lines
 *   following each other with the same campaign_name make one row of several designs (one per
 *   print space).
 * - A CSV with `campaign_name` and other columns: each other column is a print space name, its
 *   cells the artwork of that space (empty cells are skipped).
 * - In a CSV, an address starting with http(s):, data:, images/ or /files/ is used as it is;
 *   anything else is a file path relative to the CSV, which must be among the dropped files.
 *
 * The dashboard adds one rule the command line has no need for: a dropped folder holding one
 * CSV file at its top is read as that CSV, so a CSV and the images it names can be dropped
 * together.
 */

export const ARTWORK_CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
};
/** Blob-store folder of uploaded bulk artwork, per template campaign (as the CLI uploads). */
export const ARTWORK_UPLOAD_PREFIX = 'a';

/** The whole drop cannot be read (not one row is usable); shown instead of the rows. */
export class ArtworkError extends Error {
  override name = 'ArtworkError';
}

export interface ArtworkDesign {
  /** A remote address, or a path relative to the drop root of a dropped file. */
  source: string;
  print_space?: string;
}

export interface ArtworkRow {
  campaign_name: string;
  designs: ArtworkDesign[];
}

/** A dropped file: its path inside the drop ('/'-separated, e.g. 'art/cat.png'). */
export interface DroppedFile {
  path: string;
}

export interface PickedArtwork<F extends DroppedFile> {
  kind: 'folder' | 'csv';
  /** The folder or CSV name, for the page to say what it read. */
  name: string;
  rows: ArtworkRow[];
  /** Every dropped file by its normalised path, to resolve CSV paths and upload. */
  files: ReadonlyMap<string, F>;
}

export function extensionOf(path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  const dot = name.lastIndexOf('.');
  return dot > 0 ? name.slice(dot).toLowerCase() : '';
}

export function isArtworkImage(path: string): boolean {
  return extensionOf(path) in ARTWORK_CONTENT_TYPES;
}

/** Addresses used as they are (spec §5 image paths); anything else is a dropped file. */
export function isRemoteSource(source: string): boolean {
  return /^(https?:|data:|images\/|\/files\/)/i.test(source);
}

/** Campaign name of an image in a folder: its name without extension, - and _ as spaces. */
export function campaignNameOfFile(fileName: string): string {
  const ext = extensionOf(fileName);
  const base = ext ? fileName.slice(0, -ext.length) : fileName;
  return base.replace(/[-_]+/g, ' ').trim() || fileName;
}

function parseCsvLine(line: string): string[] {
  const cells: string[] = [];
  let current = '';
  let quoted = false;
  for (let i = 0; i < line.length; i += 1) {
    const char = line[i];
    if (quoted) {
      if (char === '"' && line[i + 1] === '"') {
        current += '"';
        i += 1;
      } else if (char === '"') quoted = false;
      else current += char;
    } else if (char === '"') quoted = true;
    else if (char === ',') {
      cells.push(current.trim());
      current = '';
    } else current += char;
  }
  cells.push(current.trim());
  return cells;
}

/** Reads the rows of a CSV (rules in the header comment); whole-file problems throw. */
export function parseArtworkCsv(text: string, file = 'CSV'): ArtworkRow[] {
  const lines = text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .filter((line) => line.trim() !== '');
  const header = lines.shift();
  if (!header) throw new ArtworkError(`${file} is empty`);
  const columns = parseCsvLine(header).map((c) => c.toLowerCase());
  const nameAt = columns.indexOf('campaign_name');
  if (nameAt < 0) throw new ArtworkError(`${file} needs a campaign_name column`);
  const urlAt = columns.indexOf('new_url');
  const spaceAt = columns.indexOf('print_space');
  const rows: ArtworkRow[] = [];
  lines.forEach((line, index) => {
    const cells = parseCsvLine(line);
    const name = cells[nameAt] ?? '';
    if (name === '') throw new ArtworkError(`${file} line ${index + 2}: campaign_name is empty`);
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
  });
  if (rows.length === 0) throw new ArtworkError(`${file} has no rows`);
  return rows;
}

/** Resolves `relative` against folder `base` ('' is the drop root); '.' and '..' are followed. */
export function joinPath(base: string, relative: string): string {
  const parts = relative.startsWith('/') ? [] : base.split('/').filter(Boolean);
  for (const part of relative.replace(/\\/g, '/').split('/')) {
    if (part === '' || part === '.') continue;
    if (part === '..') parts.pop();
    else parts.push(part);
  }
  return parts.join('/');
}

const naturalOrder = (a: string, b: string) => a.localeCompare(b, 'en', { numeric: true });

/**
 * The rows of what was dropped or picked: a folder of images, a folder holding a CSV, or a CSV
 * on its own. `readText` reads a CSV file's text.
 */
export async function readPickedArtwork<F extends DroppedFile>(
  picked: readonly F[],
  readText: (file: F) => Promise<string>,
): Promise<PickedArtwork<F>> {
  const files = new Map<string, F>();
  for (const file of picked) files.set(joinPath('', file.path), file);
  const paths = [...files.keys()];
  if (paths.length === 0) throw new ArtworkError('Nothing was dropped: choose a folder or a CSV.');
  // A folder arrives as paths under one first segment; loose files have none.
  const firstSegments = new Set(paths.map((path) => path.split('/')[0]));
  const folder =
    firstSegments.size === 1 && paths.every((path) => path.includes('/'))
      ? (paths[0]?.split('/')[0] ?? '')
      : '';
  const root = folder ? `${folder}/` : '';
  const topLevel = paths.filter(
    (path) => path.startsWith(root) && !path.slice(root.length).includes('/'),
  );
  const csvs = topLevel.filter((path) => extensionOf(path) === '.csv').sort(naturalOrder);
  if (csvs.length > 1) {
    throw new ArtworkError(
      `Drop one CSV file at a time (found ${csvs.map((p) => p.slice(root.length)).join(', ')}).`,
    );
  }
  const [csvPath] = csvs;
  if (csvPath) {
    const csvFile = files.get(csvPath) as F;
    const name = csvPath.slice(root.length);
    const rows = parseArtworkCsv(await readText(csvFile), name).map((row) => ({
      campaign_name: row.campaign_name,
      designs: row.designs.map((design) => ({
        ...design,
        source:
          design.source === '' || isRemoteSource(design.source)
            ? design.source
            : joinPath(folder, design.source),
      })),
    }));
    return { kind: 'csv', name, rows, files };
  }
  const images = topLevel.filter(isArtworkImage).sort(naturalOrder);
  if (images.length === 0) {
    throw new ArtworkError(
      `No PNG, JPEG or WebP images in ${folder ? `the folder ${folder}` : 'the dropped files'}.`,
    );
  }
  return {
    kind: 'folder',
    name: folder || `${images.length} files`,
    rows: images.map((path) => ({
      campaign_name: campaignNameOfFile(path.slice(root.length)),
      designs: [{ source: path }],
    })),
    files,
  };
}
