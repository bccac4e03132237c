import type { DroppedFile } from './artworkRows.js';

/** A file the seller dropped or picked, with its path inside what was dropped. */
export interface PickedFile extends DroppedFile {
  file: File;
}

/** Files of an `<input type="file">`, a folder picker (webkitdirectory) or a plain one. */
export function filesFromInput(list: FileList | null): PickedFile[] {
  return Array.from(list ?? [], (file) => ({
    path: file.webkitRelativePath || file.name,
    file,
  }));
}

function fileOf(entry: FileSystemFileEntry): Promise<File> {
  return new Promise((resolve, reject) => entry.file(resolve, reject));
}

/** A folder's entries: readEntries answers in batches until it answers none. */
async function entriesOf(folder: FileSystemDirectoryEntry): Promise<FileSystemEntry[]> {
  const reader = folder.createReader();
  const all: FileSystemEntry[] = [];
  for (;;) {
    const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
      reader.readEntries(resolve, reject),
    );
    if (batch.length === 0) return all;
    all.push(...batch);
  }
}

async function walk(entry: FileSystemEntry, into: PickedFile[]): Promise<void> {
  if (entry.isFile) {
    const file = await fileOf(entry as FileSystemFileEntry);
    into.push({ path: entry.fullPath.replace(/^\/+/, ''), file });
  } else if (entry.isDirectory) {
    for (const child of await entriesOf(entry as FileSystemDirectoryEntry)) await walk(child, into);
  }
}

/**
 * The files of a drop, folders walked. The entries must be taken while the drop event runs
 * (the browser empties the list after), so call this synchronously from the handler.
 */
export function filesFromDrop(transfer: DataTransfer): Promise<PickedFile[]> {
  const entries = Array.from(transfer.items, (item) =>
    item.kind === 'file' ? item.webkitGetAsEntry() : null,
  ).filter((entry): entry is FileSystemEntry => entry !== null);
  if (entries.length === 0) return Promise.resolve(filesFromInput(transfer.files));
  return (async () => {
    const files: PickedFile[] = [];
    for (const entry of entries) await walk(entry, files);
    return files;
  })();
}
