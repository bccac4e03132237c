import { BOT_CHECK_MESSAGES, type BotCheckChallenge } from '@printloom/core';
import { useQuery } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useCallback, useEffect, useState } from 'react';
import { api } from '../api/client.js';
import { queryKeys } from '../api/queryKeys.js';
import type { Grecaptcha } from './recaptcha.js';

/** Loads a provider script; the browser's own loader unless a test gives another. */
export type LoadRecaptcha = (src: string) => Promise<Grecaptcha>;

const AltchaCheck = lazy(async () => ({
  default: (await import('./botCheckWidgets.js')).AltchaCheck,
}));
const RecaptchaCheck = lazy(async () => ({
  default: (await import('./botCheckWidgets.js')).RecaptchaCheck,
}));

function BotCheckError({ message }: { message: string }) {
  return (
    <div className="text-danger small mb-3" role="alert">
      {message}
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
  loadScript,
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
  return (
    <Suspense fallback={null}>
      {data.provider === 'altcha' ? (
        <AltchaCheck challenge={data.challenge} onSolved={onSolved} />
      ) : (
        <RecaptchaCheck
          siteKey={data.site_key}
          version={data.version}
          onSolved={onSolved}
          loadScript={loadScript}
        />
      )}
    </Suspense>
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
