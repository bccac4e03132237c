import {
  type ApiClient,
  ARTWORK_CONTENT_TYPES,
  ARTWORK_UPLOAD_PREFIX,
  artworkUploadName,
  extensionOf,
} from '@printloom/core';
import type { PickedFile } from './droppedFiles.js';

export interface UploadProgress {
  done: number;
  total: number;
  bytesDone: number;
  bytesTotal: number;
}

/**
 * Uploads the artwork files through the pre-signed flow (spec §4 Upload: the client tries each
 * file 3 times), `concurrency` at a time, into the template's artwork folder as the CLI does.
 * Files in `uploaded` (path → url) are already up and are skipped, so trying again after a
 * failure sends only what is missing. The first failure stops the run and is thrown.
 */
export async function uploadArtwork(options: {
  /** The client's uploads group (`api.uploads`). */
  api: Pick<ApiClient['uploads'], 'uploadFile'>;
  paths: readonly string[];
  files: ReadonlyMap<string, PickedFile>;
  templateId: number;
  uploaded: Map<string, string>;
  concurrency: number;
  now?: () => number;
  onProgress: (progress: UploadProgress) => void;
}): Promise<Map<string, string>> {
  const { paths, files, uploaded } = options;
  const sizeOf = (path: string) => files.get(path)?.file.size ?? 0;
  const progress: UploadProgress = {
    done: paths.filter((path) => uploaded.has(path)).length,
    total: paths.length,
    bytesDone: paths.filter((path) => uploaded.has(path)).reduce((sum, p) => sum + sizeOf(p), 0),
    bytesTotal: paths.reduce((sum, path) => sum + sizeOf(path), 0),
  };
  options.onProgress({ ...progress });
  const queue = paths.filter((path) => !uploaded.has(path));
  let failed: unknown;
  const worker = async () => {
    for (let path = queue.shift(); path !== undefined && !failed; path = queue.shift()) {
      const picked = files.get(path);
      if (!picked) throw new Error(`${path} is not among the dropped files`);
      const ext = extensionOf(path);
      try {
        const answer = await options.api.uploadFile({
          file: picked.file,
          fileName: artworkUploadName(path, (options.now ?? Date.now)()),
          filePath: `${ARTWORK_UPLOAD_PREFIX}/${options.templateId}`,
          contentType: ARTWORK_CONTENT_TYPES[ext] ?? 'application/octet-stream',
        });
        uploaded.set(path, answer.fileUrl);
        progress.done += 1;
        progress.bytesDone += picked.file.size;
        options.onProgress({ ...progress });
      } catch (error) {
        failed ??= error;
      }
    }
  };
  await Promise.all(
    Array.from({ length: Math.max(1, Math.min(options.concurrency, queue.length)) }, worker),
  );
  if (failed) throw failed;
  return uploaded;
}
