import {
  type LoginAnswer,
  SOCIAL_MESSAGES,
  SOCIAL_PROVIDER_NAMES,
  SocialLinkPasswordBody,
} from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import { Link, useNavigate, useSearchParams } from 'react-router';
import {
  useConfirmLinkMail,
  useConfirmLinkPassword,
  usePendingLink,
  useSendLinkMail,
} from '../../api/hooks/useSocial.js';
import { readStorage, writeStorage } from '../../env/storage.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { DemoOutboxLink } from '../dev/OutboxPage.js';
import { AuthField } from './AuthField.js';
import { AuthForm } from './AuthForm.js';
import { TFA_TOKEN_KEY } from './afterLogin.js';
import { FormError } from './FormError.js';
import { useGoAfterLogin } from './useGoAfterLogin.js';

/** The link request of this tab: handed in the fragment by the sign-in, then kept for the tab. */
const LINK_TOKEN_KEY = 'social_link_token';

function useLinkToken(): string | null {
  const [token] = useState(() => {
    const handed = new URLSearchParams(window.location.hash.slice(1)).get('token');
    if (!handed) return readStorage(LINK_TOKEN_KEY, 'session');
    writeStorage(LINK_TOKEN_KEY, handed, 'session');
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}`,
    );
    return handed;
  });
  return token;
}

/** After the link: signed in, or on to the two-factor step. */
function useAfterLink(): (answer: LoginAnswer) => void {
  const navigate = useNavigate();
  const goOn = useGoAfterLogin();
  return (answer) => {
    if ('tfa_required' in answer) {
      writeStorage(TFA_TOKEN_KEY, answer.tfa_token, 'session');
      navigate('/auth/tfa');
    } else goOn();
  };
}

/**
 * A social sign-in whose email already has an account (issue 15): nothing is linked until that
 * account gives its password here, or opens the link mailed to it (`?mail_token=`).
 */
export function SocialLinkPage() {
  const [params] = useSearchParams();
  const mailToken = params.get('mail_token');
  if (mailToken) return <MailConfirm token={mailToken} />;
  return <PasswordConfirm />;
}

function Expired({ error }: { error?: unknown }) {
  return (
    <div>
      <h1 className="h4 mb-3">Link your account</h1>
      {error ? <FormError error={error} /> : <p>{SOCIAL_MESSAGES.linkInvalid}</p>}
      <Link to="/auth/login" className="btn btn-primary w-100">
        Login
      </Link>
    </div>
  );
}

function MailConfirm({ token }: { token: string }) {
  const confirm = useConfirmLinkMail();
  const afterLink = useAfterLink();
  return (
    <div>
      <h1 className="h4 mb-3">Link your account</h1>
      <FormError error={confirm.error} />
      <p>Link the sign-in provider you used to your Printloom account and sign in.</p>
      <Button
        className="w-100"
        disabled={confirm.isPending}
        onClick={() => confirm.mutate(token, { onSuccess: afterLink })}
      >
        Link and sign in
      </Button>
    </div>
  );
}

function PasswordConfirm() {
  const token = useLinkToken();
  const pending = usePendingLink(token);
  const confirm = useConfirmLinkPassword();
  const mail = useSendLinkMail();
  const afterLink = useAfterLink();
  const { form, formError } = useApiForm({
    schema: SocialLinkPasswordBody,
    defaultValues: { token: token ?? '', password: '' },
    serverError: confirm.error,
  });
  if (!token) return <Expired />;
  if (pending.isPending) return <p role="status">Loading…</p>;
  if (!pending.data) return <Expired error={pending.error} />;
  const { provider, email, has_password: hasPassword } = pending.data;
  const name = SOCIAL_PROVIDER_NAMES[provider];
  const intro = (
    <p>
      An account with <strong>{email}</strong> already exists. To link your {name} account to it,
      {hasPassword ? ' enter its password, or' : ''} confirm by email.
    </p>
  );
  const mailPart = (
    <div className="mt-3">
      {mail.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          {SOCIAL_MESSAGES.linkMailSent}
        </div>
      ) : null}
      <FormError error={mail.error} />
      <Button
        variant="outline-secondary"
        className="w-100"
        disabled={mail.isPending}
        onClick={() => mail.mutate(token)}
      >
        Email me a link instead
      </Button>
      {mail.isSuccess ? <DemoOutboxLink /> : null}
    </div>
  );
  if (!hasPassword) {
    return (
      <div>
        <h1 className="h4 mb-3">Link your {name} account</h1>
        {intro}
        {mailPart}
      </div>
    );
  }
  return (
    <AuthForm
      label="Link your account"
      heading={`Link your ${name} account`}
      onSubmit={form.handleSubmit((body) => confirm.mutate(body, { onSuccess: afterLink }))}
      formError={formError}
      pending={confirm.isPending}
      submitLabel="Link and sign in"
      pendingLabel="Linking…"
      footer={mailPart}
    >
      {intro}
      <AuthField
        id="social-link-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        field={form.register('password')}
        error={fieldError(form, 'password')}
        autoFocus
      />
    </AuthForm>
  );
}
