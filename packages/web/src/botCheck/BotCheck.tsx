import {
  type AltchaChallenge,
  BOT_CHECK_MESSAGES,
  type BotCheckChallenge,
  type RecaptchaVersion,
} from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../api/client.js';
import { queryKeys } from '../api/queryKeys.js';
import { type Grecaptcha, loadRecaptchaScript, recaptchaScriptUrl } from './recaptcha.js';

/** Loads a provider script; the browser's own loader unless a test gives another. */
export type LoadRecaptcha = (src: string) => Promise<Grecaptcha>;

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

function BotCheckError({ message }: { message: string }) {
  return (
    <div className="text-danger small mb-3" role="alert">
      {message}
    </div>
  );
}

/** ALTCHA: the browser solves the server's proof-of-work challenge; no outside service. */
function AltchaCheck({
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
function RecaptchaCheck({
  siteKey,
  version,
  onSolved,
  loadScript,
}: {
  siteKey: string | null;
  version: RecaptchaVersion | null;
  onSolved: (solution: string | null) => void;
  loadScript: LoadRecaptcha;
}) {
  const container = useRef<HTMLDivElement>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (!siteKey || !version) return;
    let live = true;
    const fail = (message: string) => {
      if (live) setError(message);
    };
    loadScript(recaptchaScriptUrl(siteKey, version)).then(
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
  }, [siteKey, version, onSolved, loadScript]);
  if (!siteKey) return <BotCheckError message={BOT_CHECK_MESSAGES.recaptchaNoKey} />;
  if (!version) return <BotCheckError message={BOT_CHECK_MESSAGES.recaptchaNoVersion} />;
  return (
    <div className="mb-3" data-bot-check="recaptcha">
      {error ? <BotCheckError message={error} /> : null}
      <div ref={container} />
    </div>
  );
}

/**
 * The bot check of a form (spec §5, §7, §8), whichever provider the server uses: it asks
 * `GET /auth/bot-check/challenge` and shows the ALTCHA widget, Google's reCAPTCHA, or nothing
 * when the check is off. `onSolved` gets the solution for the X-Bot-Check header (null until
 * solved). A solution works once: mount a new one (a new `key`) for the next attempt.
 */
export function BotCheck({
  onSolved,
  onProvider,
  loadScript = loadRecaptchaScript,
}: {
  onSolved: (solution: string | null) => void;
  /** Told which provider the server uses once known ('off': nothing to wait for). */
  onProvider?: (provider: BotCheckChallenge['provider']) => void;
  loadScript?: LoadRecaptcha;
}) {
  // Each mounted check asks for its own challenge (a solution works once).
  const [instance] = useState(() => Math.random());
  const challenge = useQuery({
    queryKey: queryKeys.botCheck.challenge(instance),
    queryFn: () => api.auth.botCheckChallenge(),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    retry: 1,
  });
  const data: BotCheckChallenge | undefined = challenge.data;
  useEffect(() => {
    if (data) onProvider?.(data.provider);
  }, [data, onProvider]);
  if (challenge.isError) return <BotCheckError message={BOT_CHECK_MESSAGES.failed} />;
  if (!data || data.provider === 'off') return null;
  if (data.provider === 'altcha') {
    return <AltchaCheck challenge={data.challenge} onSolved={onSolved} />;
  }
  return (
    <RecaptchaCheck
      siteKey={data.site_key}
      version={data.version}
      onSolved={onSolved}
      loadScript={loadScript}
    />
  );
}

/**
 * A form's bot check: the widget to place before its submit button, the current solution, and
 * `renew()` to call once a submission has used it (a new challenge is shown).
 */
export function useBotCheck(options: { enabled?: boolean; loadScript?: LoadRecaptcha } = {}): {
  widget: ReactNode;
  solution: string | undefined;
  /** True while a needed check is not solved yet: the submit button waits. */
  waiting: boolean;
  renew: () => void;
} {
  const { enabled = true, loadScript } = options;
  const [solution, setSolution] = useState<string | null>(null);
  const [provider, setProvider] = useState<BotCheckChallenge['provider'] | null>(null);
  const [round, setRound] = useState(0);
  const renew = useCallback(() => {
    setSolution(null);
    setRound((r) => r + 1);
  }, []);
  const widget = enabled ? (
    <BotCheck
      key={round}
      onSolved={setSolution}
      onProvider={setProvider}
      {...(loadScript ? { loadScript } : {})}
    />
  ) : null;
  const waiting = enabled && provider !== 'off' && solution === null;
  return { widget, solution: solution ?? undefined, waiting, renew };
}
