import { type AltchaChallenge, BOT_CHECK_MESSAGES, type RecaptchaVersion } from '@printloom/core';
import { useEffect, useRef, useState } from 'react';
import type { LoadRecaptcha } from './BotCheck.js';
import { loadRecaptchaScript, recaptchaScriptUrl } from './recaptcha.js';

/*
 * The widgets of the bot check, loaded only when a form shows one (a login shows none until
 * failures make it needed).
 */

/** The ALTCHA widget element (the `altcha` package's custom element). */
interface AltchaElement extends HTMLElement {
  configure(config: {
    challenge: AltchaChallenge;
    hideFooter?: boolean;
    auto?: 'off' | 'onfocus' | 'onload' | 'onsubmit';
  }): Promise<void>;
}

declare module 'react' {
  namespace JSX {
    interface IntrinsicElements {
      'altcha-widget': React.DetailedHTMLProps<React.HTMLAttributes<HTMLElement>, HTMLElement>;
    }
  }
}

export function BotCheckError({ message }: { message: string }) {
  return (
    <div className="text-danger small mb-3" role="alert">
      {message}
    </div>
  );
}

/** ALTCHA: the browser solves the server's proof-of-work challenge; no outside service. */
export function AltchaCheck({
  challenge,
  onSolved,
}: {
  challenge: AltchaChallenge;
  onSolved: (solution: string | null) => void;
}) {
  const ref = useRef<AltchaElement>(null);
  const [defined, setDefined] = useState(() => customElements.get('altcha-widget') !== undefined);
  useEffect(() => {
    if (defined) return;
    let live = true;
    // Loaded with the form that needs it, not with every page.
    void import('altcha').then(() => {
      if (live) setDefined(true);
    });
    return () => {
      live = false;
    };
  }, [defined]);
  useEffect(() => {
    const widget = ref.current;
    if (!widget || !defined) return;
    let live = true;
    const changed = (event: Event) => {
      const detail = (event as CustomEvent<{ state?: string; payload?: string | null }>).detail;
      onSolved(detail.state === 'verified' && detail.payload ? detail.payload : null);
    };
    widget.addEventListener('statechange', changed);
    void customElements.whenDefined('altcha-widget').then(() => {
      if (!live) return;
      customElements.upgrade(widget);
      // Proof of work needs no click: it starts as the form shows.
      void widget.configure({ challenge, hideFooter: true, auto: 'onload' });
    });
    return () => {
      live = false;
      widget.removeEventListener('statechange', changed);
    };
  }, [challenge, defined, onSolved]);
  return (
    <div className="mb-3" data-bot-check="altcha">
      <altcha-widget ref={ref} />
    </div>
  );
}

/** reCAPTCHA v2 (checkbox) or v3 (invisible score), with the spec's messages (§8). */
export function RecaptchaCheck({
  siteKey,
  version,
  onSolved,
  loadScript,
}: {
  siteKey: string | null;
  version: RecaptchaVersion | null;
  onSolved: (solution: string | null) => void;
  loadScript?: LoadRecaptcha | undefined;
}) {
  const load = loadScript ?? loadRecaptchaScript;
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!siteKey || !version) return;
    let live = true;
    const fail = (message: string) => {
      if (live) setError(message);
    };
    load(recaptchaScriptUrl(siteKey, version)).then(
      async (grecaptcha) => {
        try {
          if (version === 'v3') {
            const token = await grecaptcha.execute(siteKey, { action: 'submit' });
            if (live) onSolved(token);
          } else if (container.current) {
            grecaptcha.render(container.current, {
              sitekey: siteKey,
              callback: (token) => onSolved(token),
              'expired-callback': () => onSolved(null),
              'error-callback': () => fail(BOT_CHECK_MESSAGES.recaptchaExecuteFailed),
            });
          }
        } catch {
          fail(BOT_CHECK_MESSAGES.recaptchaExecuteFailed);
        }
      },
      () => fail(BOT_CHECK_MESSAGES.recaptchaLoadFailed),
    );
    return () => {
      live = false;
    };
  }, [siteKey, version, onSolved, load]);
  if (!siteKey) return <BotCheckError message={BOT_CHECK_MESSAGES.recaptchaNoKey} />;
  if (!version) return <BotCheckError message={BOT_CHECK_MESSAGES.recaptchaNoVersion} />;
  return (
    <div className="mb-3" data-bot-check="recaptcha">
      {error ? <BotCheckError message={error} /> : null}
      <div ref={container} />
    </div>
  );
}
