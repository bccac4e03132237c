import { isAuthorizedAccount, type User, type WidgetsAnswer } from '@printloom/core';

/** Crisp's loader, as its install snippet adds it. */
export const CRISP_SCRIPT = 'https://client.crisp.chat/l.js';
/** Headway's widget script, as its install snippet adds it. */
export const HEADWAY_SCRIPT = 'https://cdn.headwayapp.co/widget.js';
/** Where Headway draws its unread badge: inside the side stack's Changelog button. */
export const CHANGELOG_BADGE_ID = 'changelog-badge';

type CrispCommand = [string, string, unknown[]?];

declare global {
  interface Window {
    $crisp?: CrispCommand[] | { push(command: CrispCommand): void };
    CRISP_WEBSITE_ID?: string;
    CRISP_TOKEN_ID?: string;
    HW_config?: { selector: string; account: string };
    Headway?: { toggle(): void };
  }
}

/**
 * Adds an async script to the head once, resolving true when it ran and false when its host
 * could not be reached. Nothing waits on it: a provider that is down leaves the page as it was.
 */
export function loadScriptOnce(src: string, doc: Document = document): Promise<boolean> {
  const existing = doc.querySelector<HTMLScriptElement>(`script[src="${src}"]`);
  if (existing?.dataset.state === 'loaded') return Promise.resolve(true);
  if (existing?.dataset.state === 'failed') return Promise.resolve(false);
  const script = existing ?? doc.createElement('script');
  const settled = new Promise<boolean>((done) => {
    script.addEventListener('load', () => done(true), { once: true });
    script.addEventListener('error', () => done(false), { once: true });
  });
  if (!existing) {
    script.src = src;
    script.async = true;
    script.dataset.state = 'loading';
    script.addEventListener('load', () => {
      script.dataset.state = 'loaded';
    });
    script.addEventListener('error', () => {
      script.dataset.state = 'failed';
    });
    doc.head.appendChild(script);
  }
  return settled;
}

/**
 * The support chat (spec §1, §6): Crisp with the user's session token and verified email, never
 * for an authorized (team) account, whose chat would speak for the seller. An account switch to a
 * team account hides a chat already open.
 */
export function startSupportChat(
  config: WidgetsAnswer['support_chat'],
  user: Pick<User, 'email' | 'name' | 'crisp_token_id' | 'crisp_signature' | 'roles'>,
  win: Window = window,
): Promise<boolean> | null {
  if (!config) return null;
  if (isAuthorizedAccount(user)) {
    if (win.$crisp) win.$crisp.push(['do', 'chat:hide']);
    return null;
  }
  if (!win.$crisp) win.$crisp = [];
  win.CRISP_WEBSITE_ID = config.website_id;
  if (user.crisp_token_id) win.CRISP_TOKEN_ID = user.crisp_token_id;
  // Crisp shows the email as verified only with the signature the server computed for it.
  const email: unknown[] = user.crisp_signature ? [user.email, user.crisp_signature] : [user.email];
  win.$crisp.push(['set', 'user:email', email]);
  if (user.name) win.$crisp.push(['set', 'user:nickname', [user.name]]);
  win.$crisp.push(['do', 'chat:show']);
  return loadScriptOnce(CRISP_SCRIPT, win.document);
}

/** The changelog widget: Headway on the Changelog button's badge. Resolves whether it loaded. */
export function startChangelog(
  config: WidgetsAnswer['changelog'],
  win: Window = window,
): Promise<boolean> {
  if (!config) return Promise.resolve(false);
  win.HW_config = { selector: `#${CHANGELOG_BADGE_ID}`, account: config.account };
  return loadScriptOnce(HEADWAY_SCRIPT, win.document).then((ran) => ran && !!win.Headway);
}
