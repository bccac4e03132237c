import { TfaCodeBody, TfaVerifyBody } from '@printloom/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { useConfirmTfa, useMe, useVerifyTfa } from '../../api/hooks/useAuth.js';
import { readStorage, removeStorage, writeStorage } from '../../env/storage.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { RecoveryCodes } from '../settings/RecoveryCodes.js';
import { AuthField } from './AuthField.js';
import { AuthForm } from './AuthForm.js';
import { TFA_TOKEN_KEY } from './afterLogin.js';
import { useGoAfterLogin } from './useGoAfterLogin.js';

/** Authenticator apps show the code as "123 456"; the spaces are not part of it. */
const withoutSpaces = (value: string) => value.replace(/\s/g, '');
/** A login takes an app code or a recovery code; confirming the set-up only an app code. */
const LoginCode = TfaVerifyBody.pick({ code: true });

/**
 * The login's two-factor challenge: kept for the tab by a password login, or handed in the
 * address fragment (`#tfa_token=`) by a social sign-in, then kept and taken off the address.
 */
function useChallenge(): string | null {
  const [challenge] = useState(() => {
    const handed = new URLSearchParams(window.location.hash.slice(1)).get(TFA_TOKEN_KEY);
    if (!handed) return readStorage(TFA_TOKEN_KEY, 'session');
    writeStorage(TFA_TOKEN_KEY, handed, 'session');
    window.history.replaceState(
      window.history.state,
      '',
      `${window.location.pathname}${window.location.search}`,
    );
    return handed;
  });
  return challenge;
}

/**
 * Two-factor step (spec §2 /auth/tfa). After a password login it verifies the code against the
 * login's challenge; for a signed-in user with two-factor enabled but not confirmed it confirms
 * the set-up.
 */
export function TfaPage() {
  const challenge = useChallenge();
  const me = useMe();
  const verify = useVerifyTfa();
  const confirm = useConfirmTfa();
  const goOn = useGoAfterLogin();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { form, formError } = useApiForm({
    schema: challenge ? LoginCode : TfaCodeBody,
    defaultValues: { code: '' },
    serverError: verify.error ?? confirm.error,
  });
  const submit = form.handleSubmit(({ code }) => {
    if (challenge) {
      verify.mutate(
        { tfa_token: challenge, code },
        {
          onSuccess: () => {
            removeStorage(TFA_TOKEN_KEY, 'session');
            goOn();
          },
        },
      );
    } else confirm.mutate(code, { onSuccess: (answer) => setCodes(answer.recovery_codes) });
  });
  if (codes) return <RecoveryCodes codes={codes} onDone={goOn} />;
  if (!challenge && !me) {
    return (
      <div>
        <h1 className="h4 mb-3">Two-factor authentication</h1>
        <p>Your sign-in step expired. Please login again.</p>
        <Link to="/auth/login" className="btn btn-primary w-100">
          Login
        </Link>
      </div>
    );
  }
  return (
    <AuthForm
      label="Two-factor authentication"
      heading="Two-factor authentication"
      onSubmit={submit}
      formError={formError}
      pending={verify.isPending || confirm.isPending}
      submitLabel="Verify"
    >
      <p className="text-body-secondary">
        Enter the 6-digit code from your authenticator app
        {challenge ? ', or one of your recovery codes' : ''}.
      </p>
      <AuthField
        id="tfa-code"
        label="Code"
        inputMode={challenge ? 'text' : 'numeric'}
        autoComplete="one-time-code"
        field={form.register('code', { setValueAs: withoutSpaces })}
        error={fieldError(form, 'code')}
        autoFocus
      />
    </AuthForm>
  );
}
