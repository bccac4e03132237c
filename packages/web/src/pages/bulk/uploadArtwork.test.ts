import { describe, expect, it } from 'vitest';
import type { PickedFile } from './droppedFiles.js';
import { type UploadProgress, uploadArtwork } from './uploadArtwork.js';

const picked = (path: string, size: number): PickedFile => ({
  path,
  file: new File([new Uint8Array(size)], path.split('/').at(-1) ?? path, { type: 'image/png' }),
});

function fakeApi(failOn?: string) {
  const calls: Array<{ fileName: string; filePath?: string; contentType?: string }> = [];
  let running = 0;
  let most = 0;
  return {
    calls,
    most: () => most,
    api: {
      uploadFile: async (input: { fileName: string; filePath?: string; contentType?: string }) => {
        calls.push(input);
        running += 1;
        most = Math.max(most, running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running -= 1;
        if (failOn && input.fileName.startsWith(failOn)) throw new Error('Upload file failed');
        return {
          filePath: `a/7/${input.fileName}`,
          preSignedUrl: '/blob/x',
          fileUrl: `/files/a/7/${input.fileName}`,
        };
      },
    },
  };
}

const files = new Map(
  ['art/a.png', 'art/b.jpg', 'art/c.webp', 'art/d.png'].map((path, i) => [
    path,
    picked(path, 100 * (i + 1)),
  ]),
);

describe('uploading the artwork of a job', () => {
  it('uploads each file once into the template folder, a few at a time, with progress', async () => {
    const { api, calls, most } = fakeApi();
    const seen: UploadProgress[] = [];
    const uploaded = await uploadArtwork({
      api,
      paths: [...files.keys()],
      files,
      templateId: 7,
      uploaded: new Map(),
      concurrency: 2,
      now: () => 42,
      onProgress: (progress) => seen.push(progress),
    });
    expect(calls.map((call) => call.fileName).sort()).toEqual([
      'a_42.png',
      'b_42.jpg',
      'c_42.webp',
      'd_42.png',
    ]);
    expect(calls.every((call) => call.filePath === 'a/7')).toBe(true);
    expect(calls.find((call) => call.fileName === 'b_42.jpg')?.contentType).toBe('image/jpeg');
    expect(most()).toBe(2);
    expect(uploaded.get('art/c.webp')).toBe('/files/a/7/c_42.webp');
    expect(seen.at(0)).toEqual({ done: 0, total: 4, bytesDone: 0, bytesTotal: 1000 });
    expect(seen.at(-1)).toEqual({ done: 4, total: 4, bytesDone: 1000, bytesTotal: 1000 });
  });

  it('stops at a failure and sends only the missing files when tried again', async () => {
    const first = fakeApi('c_');
    const uploaded = new Map<string, string>();
    await expect(
      uploadArtwork({
        api: first.api,
        paths: [...files.keys()],
        files,
        templateId: 7,
        uploaded,
        concurrency: 1,
        now: () => 1,
        onProgress: () => {},
      }),
    ).rejects.toThrow('Upload file failed');
    expect([...uploaded.keys()]).toEqual(['art/a.png', 'art/b.jpg']);

    const second = fakeApi();
    await uploadArtwork({
      api: second.api,
      paths: [...files.keys()],
      files,
      templateId: 7,
      uploaded,
      concurrency: 3,
      now: () => 2,
      onProgress: () => {},
    });
    expect(second.calls.map((call) => call.fileName).sort()).toEqual(['c_2.webp', 'd_2.png']);
    expect(uploaded.size).toBe(4);
  });
});
