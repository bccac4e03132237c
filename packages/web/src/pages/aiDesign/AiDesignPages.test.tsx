// @vitest-environment happy-dom
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../api/queryClient.js';
import { renderPages } from '../../test/pageHarness.js';

const image = (path: string, width: number, dpi: number, label: string) => ({
  file_path: path,
  file_url: `/files/${path}`,
  width,
  height: width,
  quality: { dpi, label },
});

const queued = {
  id: 5,
  tool: 'upscale',
  status: 'queued',
  progress: 0,
  print_width_in: 12,
  input: image('s7/ai-design/aaaaaa.png', 600, 50, 'low'),
  output: null,
  error: null,
  created_at: '2026-11-27T06:00:00.000Z',
  started_at: null,
  finished_at: null,
};
const running = {
  ...queued,
  status: 'running',
  progress: 40,
  started_at: '2026-11-27T06:00:01.000Z',
};
const done = {
  ...running,
  status: 'done',
  progress: 100,
  output: image('s7/ai-design/bbbbbb.png', 3600, 300, 'good'),
  finished_at: '2026-11-27T06:00:13.000Z',
};
const cutout = {
  ...done,
  id: 4,
  tool: 'remove_background',
  output: image('s7/ai-design/cccccc.png', 600, 50, 'low'),
};

function aiServer(options: { createError?: string; history?: object[]; listFails?: boolean } = {}) {
  const asked: URLSearchParams[] = [];
  const created: unknown[] = [];
  const uploads: string[] = [];
  const answers = [queued, running, done];
  const json = (status: number, body: unknown) =>
    new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  const ok = (data: unknown) => json(200, { success: true, data });
  const fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://dashboard.test');
    const method = init?.method ?? 'GET';
    if (url.pathname === '/upload' && method === 'POST') {
      const form = init?.body as FormData;
      const file = form.get('file') as File;
      uploads.push(`${form.get('type')}:${file.name}`);
      return ok({ filePath: 's7/ai-design/aaaaaa.png', fileUrl: '/files/s7/ai-design/aaaaaa.png' });
    }
    if (url.pathname === '/seller/ai-design/jobs' && method === 'POST') {
      created.push(JSON.parse(String(init?.body)));
      if (options.createError) {
        return json(422, {
          success: false,
          message: options.createError,
          errors: { file_path: [options.createError] },
        });
      }
      return ok(queued);
    }
    if (url.pathname === '/seller/ai-design/jobs/5') return ok(answers.shift() ?? done);
    if (url.pathname === '/seller/ai-design/jobs') {
      asked.push(url.searchParams);
      if (options.listFails) return json(500, { success: false, message: 'Server Error' });
      const tool = url.searchParams.get('tool');
      const rows = (options.history ?? [done, cutout]).filter(
        (row) => !tool || (row as { tool: string }).tool === tool,
      );
      return ok({
        data: rows,
        total: rows.length,
        per_page: 20,
        current_page: 1,
        last_page: 1,
        from: rows.length ? 1 : null,
        to: rows.length || null,
      });
    }
    return json(404, { success: false, message: 'Not found.' });
  };
  return { fetch, asked, created, uploads };
}

let server: ReturnType<typeof aiServer>;
const useServer = (options?: Parameters<typeof aiServer>[0]) => {
  server = aiServer(options);
  vi.stubGlobal('fetch', server.fetch);
};
beforeEach(() => useServer());
afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function open(page: 'ai_design' | 'ai_design_history', path: string) {
  renderPages([page], path, {
    id: 7,
    name: 'Seller',
    email: 'seller@printloom.test',
    created_at: '2025-01-01 00:00:00',
    email_verified_at: '2025-01-01 00:00:00',
    tags: ['beta'],
  });
}

const LOAD = { timeout: 10_000 };
const png = () =>
  new File([new Uint8Array([137, 80, 78, 71])], 'poster.png', { type: 'image/png' });

describe('AI design (/ai-design)', () => {
  it('uploads the image, starts the tool and follows it to the result with its quality', async () => {
    const user = userEvent.setup();
    open('ai_design', '/ai-design');
    await screen.findByRole('heading', { name: /AI Design/ }, LOAD);
    expect(screen.getByText('Beta')).toBeTruthy();
    await user.click(screen.getByRole('radio', { name: /Upscale 4×/ }));
    await user.upload(screen.getByLabelText('Image (PNG, JPEG or WebP)'), png());
    await user.click(screen.getByRole('button', { name: 'Run upscale 4×' }));

    const progress = await screen.findByRole('progressbar', { name: 'Upscale 4× progress' }, LOAD);
    expect(progress).toBeTruthy();
    expect(server.uploads).toEqual(['ai-design:poster.png']);
    expect(server.created).toEqual([
      { tool: 'upscale', file_path: 's7/ai-design/aaaaaa.png', print_width_in: 12 },
    ]);
    const result = screen.getByTestId('ai-result');
    await waitFor(
      () => expect(within(result).getByTestId('ai-job-status').dataset.status).toBe('done'),
      LOAD,
    );
    const labels = within(result)
      .getAllByTestId('print-quality')
      .map((el) => el.textContent);
    expect(labels).toEqual(['Low · 50 DPI at 12 in', 'Good · 300 DPI at 12 in']);
    expect(within(result).getByText('3600 × 3600 px')).toBeTruthy();
    expect(within(result).getByRole('link', { name: 'Download PNG' }).getAttribute('href')).toBe(
      '/files/s7/ai-design/bbbbbb.png',
    );
    expect(within(result).getByText(/Saved to your uploads \(12 s\)/)).toBeTruthy();
  }, 30_000);

  it('asks for an image, and shows why the server refused one', async () => {
    const user = userEvent.setup();
    useServer({ createError: 'Images up to 1024 px on their longest side can be upscaled.' });
    open('ai_design', '/ai-design');
    await user.click(await screen.findByRole('button', { name: /^Run / }, LOAD));
    expect(screen.getByText('Choose an image.')).toBeTruthy();
    expect(server.created).toEqual([]);

    await user.upload(screen.getByLabelText('Image (PNG, JPEG or WebP)'), png());
    await user.clear(screen.getByLabelText('Print width (inches)'));
    await user.type(screen.getByLabelText('Print width (inches)'), '80');
    await user.click(screen.getByRole('button', { name: /^Run / }));
    expect(screen.getByText('Enter a width from 1 to 60 inches.')).toBeTruthy();
    expect(server.created).toEqual([]);

    await user.clear(screen.getByLabelText('Print width (inches)'));
    await user.type(screen.getByLabelText('Print width (inches)'), '10');
    await user.click(screen.getByRole('button', { name: /^Run / }));
    expect(
      await screen.findByText(
        /Images up to 1024 px on their longest side can be upscaled/,
        {},
        LOAD,
      ),
    ).toBeTruthy();
    expect(server.created).toEqual([
      { tool: 'remove_background', file_path: 's7/ai-design/aaaaaa.png', print_width_in: 10 },
    ]);
  });
});

describe('AI design history (/ai-design/history)', () => {
  it('lists runs with input, output, quality, status and time, and filters by tool in the address', async () => {
    const user = userEvent.setup();
    open('ai_design_history', '/ai-design/history');
    const rows = await screen.findAllByTestId('ai-job-row', {}, LOAD);
    expect(rows).toHaveLength(2);
    const first = rows[0] as HTMLElement;
    expect(within(first).getByText('Upscale 4×')).toBeTruthy();
    expect(
      within(first)
        .getAllByTestId('print-quality')
        .map((el) => el.dataset.quality),
    ).toEqual(['low', 'good']);
    expect(within(first).getByText('12 s')).toBeTruthy();
    await user.selectOptions(screen.getByLabelText('Tool'), 'remove_background');
    await waitFor(() => expect(server.asked.at(-1)?.get('tool')).toBe('remove_background'));
    await waitFor(() => expect(screen.getAllByTestId('ai-job-row')).toHaveLength(1));
  });

  it('tells an empty history from a failed load', async () => {
    useServer({ history: [] });
    open('ai_design_history', '/ai-design/history');
    expect(
      await screen.findByRole('link', { name: 'Remove a background or upscale an image' }, LOAD),
    ).toBeTruthy();
    cleanup();
    queryClient.clear();
    useServer({ listFails: true });
    open('ai_design_history', '/ai-design/history');
    expect(await screen.findByTestId('list-error', {}, LOAD)).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeTruthy();
  }, 20_000);
});
