// @vitest-environment happy-dom
import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../api/queryClient.js';
import { BotCheck } from './BotCheck.js';
import type { Grecaptcha } from './recaptcha.js';

function serve(challenge: unknown) {
  vi.stubGlobal('fetch', async () =>
    Response.json({ success: true, data: challenge }, { status: 200 }),
  );
}

afterEach(() => {
  cleanup();
  queryClient.clear();
  vi.unstubAllGlobals();
});

function show(loadScript: (src: string) => Promise<Grecaptcha>) {
  const onSolved = vi.fn();
  render(
    <QueryClientProvider client={queryClient}>
      <BotCheck onSolved={onSolved} loadScript={loadScript} />
    </QueryClientProvider>,
  );
  return onSolved;
}

const grecaptcha = (overrides: Partial<Grecaptcha> = {}): Grecaptcha => ({
  ready: (callback) => callback(),
  render: () => 0,
  execute: async () => 'v3-token',
  ...overrides,
});

describe('the reCAPTCHA bot check', () => {
  it("says 'ReCaptcha error: No key provided' without a site key", async () => {
    serve({ provider: 'recaptcha', site_key: null, version: 'v3' });
    const load = vi.fn(async () => grecaptcha());
    show(load);
    expect((await screen.findByRole('alert')).textContent).toBe('ReCaptcha error: No key provided');
    expect(load).not.toHaveBeenCalled();
  });

  it("says 'ReCaptcha error: No version provided' without a version", async () => {
    serve({ provider: 'recaptcha', site_key: 'site-key', version: null });
    show(async () => grecaptcha());
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ReCaptcha error: No version provided',
    );
  });

  it("says 'ReCaptcha error: Failed to load script' when Google's script does not load", async () => {
    serve({ provider: 'recaptcha', site_key: 'site-key', version: 'v2' });
    const load = vi.fn(async () => {
      throw new Error('blocked');
    });
    show(load);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ReCaptcha error: Failed to load script',
    );
    expect(load).toHaveBeenCalledWith('https://www.google.com/recaptcha/api.js?render=explicit');
  });

  it("says 'ReCaptcha error: Failed to execute' when v3 cannot run", async () => {
    serve({ provider: 'recaptcha', site_key: 'site-key', version: 'v3' });
    const load = vi.fn(async () =>
      grecaptcha({
        execute: async () => {
          throw new Error('Invalid site key');
        },
      }),
    );
    const onSolved = show(load);
    expect((await screen.findByRole('alert')).textContent).toBe(
      'ReCaptcha error: Failed to execute',
    );
    expect(load).toHaveBeenCalledWith('https://www.google.com/recaptcha/api.js?render=site-key');
    expect(onSolved).not.toHaveBeenCalled();
  });

  it('hands over the v3 token, and the v2 checkbox token once ticked', async () => {
    serve({ provider: 'recaptcha', site_key: 'site-key', version: 'v3' });
    const onV3 = show(async () => grecaptcha());
    await waitFor(() => expect(onV3).toHaveBeenCalledWith('v3-token'));
    cleanup();
    queryClient.clear();
    serve({ provider: 'recaptcha', site_key: 'site-key', version: 'v2' });
    let tick: ((token: string) => void) | undefined;
    const onV2 = show(async () =>
      grecaptcha({
        render: (_container, options) => {
          tick = options.callback;
          return 1;
        },
      }),
    );
    await waitFor(() => expect(tick).toBeDefined());
    tick?.('v2-token');
    expect(onV2).toHaveBeenCalledWith('v2-token');
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing when the check is off', async () => {
    serve({ provider: 'off' });
    const { container } = render(
      <QueryClientProvider client={queryClient}>
        <BotCheck onSolved={() => {}} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(queryClient.isFetching()).toBe(0));
    expect(container.innerHTML).toBe('');
  });
});
