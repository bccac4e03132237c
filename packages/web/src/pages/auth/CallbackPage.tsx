import { ApiError, type CallbackAccountAnswer, errorMessage } from '@printloom/core';
import { useEffect, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router';
import { api } from '../../api/client.js';
import { startSession } from '../../api/hooks/useAuth.js';
import { PATHS } from '../../constants.js';
import { domainInfo } from '../../env/domain.js';
import {
  isSafeInternalPath,
  isSameOriginUrl,
  loginPath,
  sellerCenterCallback,
} from '../../routes/redirects.js';

type Step =
  | { kind: 'checking' }
  | { kind: 'handing-over' }
  | { kind: 'confirm'; account: CallbackAccountAnswer }
  | { kind: 'signing-in' }
  | { kind: 'failed'; message: string; signInHere?: boolean };

export const CALLBACK_MESSAGES = {
  noCenter: 'This site has no seller center to sign in to.',
  signInHere: 'Log in here first, then the seller center opens signed in.',
} as const;

/**
 * `/auth/callback`, the seller-center sign-in hand-over between two Printloom domains (spec §2),
 * in three steps across the two sites:
 *
 * 1. Arrival without a token (the seller center): the server sets a nonce cookie in this browser
 *    and names the sending dashboard's address, which the browser opens with the nonce's hash.
 * 2. `nonce_hash` (the sending dashboard, signed in): its server mints a single-use token of this
 *    session bound to that hash, and the browser returns to the seller center with it.
 * 3. `token` (the seller center): the page names the token's account and waits for "Continue";
 *    the server exchanges the token for a session only with the nonce cookie it was minted for,
 *    so a link someone else made cannot sign the user into the sender's account (login CSRF).
 */
export function CallbackPage() {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const started = useRef(false);
  const token = params.get('token');
  const nonceHash = params.get('nonce_hash');
  const target = params.get('redirect') || PATHS.home;

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const fail = (error: unknown) => setStep({ kind: 'failed', message: errorMessage(error) });
    if (token) {
      api.auth
        .callbackAccount({ body: { token } })
        .then((account) => setStep({ kind: 'confirm', account }))
        .catch(fail);
      return;
    }
    if (nonceHash) {
      const center = domainInfo(window.location.host).sellerCenterUrl;
      if (!center) {
        setStep({ kind: 'failed', message: CALLBACK_MESSAGES.noCenter });
        return;
      }
      setStep({ kind: 'handing-over' });
      api.auth
        .callbackHandover({ body: { nonce_hash: nonceHash } })
        .then(({ token: minted }) =>
          window.location.assign(sellerCenterCallback(center, target, minted)),
        )
        .catch((error: unknown) =>
          error instanceof ApiError && error.statusCode === 401
            ? setStep({ kind: 'failed', message: CALLBACK_MESSAGES.signInHere, signInHere: true })
            : fail(error),
        );
      return;
    }
    setStep({ kind: 'handing-over' });
    api.auth
      .callbackNonce({ body: { redirect: target } })
      .then(({ handover_url }) => window.location.assign(handover_url))
      .catch(fail);
  }, [token, nonceHash, target]);

  const signIn = () => {
    if (!token) return;
    setStep({ kind: 'signing-in' });
    // The server sets this host's HttpOnly session cookie; the answer's token stays in memory.
    api.auth
      .callbackSession({ body: { token } })
      .then((answer) => startSession(answer.access_token))
      .then(() => {
        if (isSafeInternalPath(target)) navigate(target, { replace: true });
        else if (isSameOriginUrl(target, window.location.origin)) window.location.assign(target);
        else navigate(PATHS.home, { replace: true });
      })
      .catch((error: unknown) => setStep({ kind: 'failed', message: errorMessage(error) }));
  };

  if (step.kind === 'failed') {
    const login = step.signInHere ? loginPath(location.pathname + location.search) : PATHS.login;
    return (
      <div role="alert">
        <p className="text-danger">{step.message}</p>
        <Link to={login}>Login</Link>
      </div>
    );
  }
  if (step.kind === 'confirm') {
    const { email, name } = step.account;
    return (
      <section aria-labelledby="callback-title">
        <h1 id="callback-title" className="h5">
          Continue as {name ? `${name} (${email})` : email}?
        </h1>
        <p className="text-body-secondary">
          This link signs you in to that account here. If it is not yours, do not continue.
        </p>
        <div className="d-flex gap-2">
          <Button onClick={signIn}>Continue</Button>
          <Link to={PATHS.login} className="btn btn-outline-secondary">
            Not my account
          </Link>
        </div>
      </section>
    );
  }
  const status = {
    checking: 'Checking the link…',
    'handing-over': 'Opening the seller center…',
    'signing-in': 'Signing you in…',
  }[step.kind];
  return <p role="status">{status}</p>;
}
