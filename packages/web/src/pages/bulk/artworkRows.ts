/**
 * How a dropped folder or CSV of artwork becomes the rows of a multi-space bulk job. The rules
 * are those of `printloom bulk create --designs <dir|csv>`: the mapping itself (file names or
 * CSV text to rows) is @printloom/core's artworkRows, shared with the command line, so a folder
 * gives the same job in the dashboard and on the command line. This file reads what was dropped:
 *
 * - A folder of images: one row per image directly in the folder (sub-folders and other files
 *   are left out), sources being paths from the drop root.
 * - In a CSV, anything but a remote address is a file path relative to the CSV, which must be
 *   among the dropped files.
 *
 * The dashboard adds one rule the command line has no need for: a dropped folder holding one
 * CSV file at its top is read as that CSV, so a CSV and the images it names can be dropped
 * together.
 */
import {
  ArtworkError,
  type ArtworkRow,
  extensionOf,
  folderArtworkRows,
  isRemoteSource,
  parseArtworkCsv,
} from '@printloom/core';

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
  const rows = folderArtworkRows(topLevel.map((path) => path.slice(root.length)));
  if (rows.length === 0) {
    throw new ArtworkError(
      `No PNG, JPEG or WebP images in ${folder ? `the folder ${folder}` : 'the dropped files'}.`,
    );
  }
  return {
    kind: 'folder',
    name: folder || `${rows.length} files`,
    rows: rows.map((row) => ({
      ...row,
      designs: row.designs.map((design) => ({ ...design, source: `${root}${design.source}` })),
    })),
    files,
  };
}
