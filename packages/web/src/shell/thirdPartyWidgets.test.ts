// @vitest-environment happy-dom
import { describe, expect, it } from 'vitest';
import {
  CRISP_SCRIPT,
  HEADWAY_SCRIPT,
  loadScriptOnce,
  startChangelog,
  startSupportChat,
} from './thirdPartyWidgets.js';

const seller = {
  email: 'ann@example.test',
  name: 'Ann',
  crisp_token_id: 'tok-1',
  crisp_signature: 'sig-1',
  roles: ['seller'],
};

/**
 * A page whose head is not in a document: a script added there is never fetched, so each test
 * decides what the provider's script did (ran, or could not be reached).
 */
function detachedPage() {
  const head = document.createElement('div');
  const doc = {
    head,
    createElement: (tag: string) => document.createElement(tag),
    querySelector: (selector: string) => head.querySelector(selector),
  } as unknown as Document;
  const win = { document: doc } as unknown as Window;
  const scripts = (src: string) => head.querySelectorAll<HTMLScriptElement>(`script[src="${src}"]`);
  return { doc, win, scripts };
}

describe('third-party widgets', () => {
  it('adds a provider script once, async, and reports a provider that cannot be reached', async () => {
    const { doc, scripts } = detachedPage();
    const src = 'https://widgets.example.test/a.js';
    const first = loadScriptOnce(src, doc);
    const second = loadScriptOnce(src, doc);
    expect(scripts(src)).toHaveLength(1);
    expect(scripts(src)[0]?.async).toBe(true);
    scripts(src)[0]?.dispatchEvent(new Event('error'));
    await expect(first).resolves.toBe(false);
    await expect(second).resolves.toBe(false);
    await expect(loadScriptOnce(src, doc)).resolves.toBe(false);
    expect(scripts(src)).toHaveLength(1);
  });

  it('starts the support chat for a seller with their token and verified email', () => {
    const { win, scripts } = detachedPage();
    const started = startSupportChat({ provider: 'crisp', website_id: 'site-1' }, seller, win);
    expect(started).not.toBeNull();
    expect(scripts(CRISP_SCRIPT)).toHaveLength(1);
    expect(win.CRISP_WEBSITE_ID).toBe('site-1');
    expect(win.CRISP_TOKEN_ID).toBe('tok-1');
    expect(win.$crisp).toContainEqual(['set', 'user:email', ['ann@example.test', 'sig-1']]);
  });

  it('never starts the support chat for a team account, and hides one already open', () => {
    const { win, scripts } = detachedPage();
    const member = { ...seller, roles: ['support'] };
    expect(startSupportChat({ provider: 'crisp', website_id: 'site-1' }, member, win)).toBeNull();
    expect(scripts(CRISP_SCRIPT)).toHaveLength(0);
    win.$crisp = [];
    startSupportChat({ provider: 'crisp', website_id: 'site-1' }, member, win);
    expect(win.$crisp).toEqual([['do', 'chat:hide']]);
  });

  it('loads nothing when the deployment configured nothing', async () => {
    const { win, doc } = detachedPage();
    expect(startSupportChat(null, seller, win)).toBeNull();
    await expect(startChangelog(null, win)).resolves.toBe(false);
    expect(doc.head.querySelectorAll('script')).toHaveLength(0);
  });

  it('reports the changelog ready only once its script ran and defined the widget', async () => {
    const { win, scripts } = detachedPage();
    const ready = startChangelog({ provider: 'headway', account: 'hw42' }, win);
    expect(win.HW_config).toEqual({ selector: '#changelog-badge', account: 'hw42' });
    win.Headway = { toggle: () => undefined };
    scripts(HEADWAY_SCRIPT)[0]?.dispatchEvent(new Event('load'));
    await expect(ready).resolves.toBe(true);
  });

  it('leaves the changelog to the notifications when its script ran but defined nothing', async () => {
    const { win, scripts } = detachedPage();
    const ready = startChangelog({ provider: 'headway', account: 'hw42' }, win);
    scripts(HEADWAY_SCRIPT)[0]?.dispatchEvent(new Event('load'));
    await expect(ready).resolves.toBe(false);
  });
});
