import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useConfirmTfa, useMe, useVerifyTfa } from '../../api/hooks/useAuth.js';
import { readStorage, removeStorage } from '../../env/storage.js';
import { AuthField } from './AuthField.js';
import { TFA_TOKEN_KEY } from './afterLogin.js';
import { FormError } from './FormError.js';
import { splitFormError } from './fieldErrors.js';
import { useGoAfterLogin } from './useGoAfterLogin.js';

/**
 * Two-factor step (spec §2 /auth/tfa). After a password login it verifies the code against the
 * login's challenge; for a signed-in user with two-factor enabled but not confirmed it confirms
 * the set-up.
 */
export function TfaPage() {
  const challenge = readStorage(TFA_TOKEN_KEY, 'session');
  const me = useMe();
  const verify = useVerifyTfa();
  const confirm = useConfirmTfa();
  const goOn = useGoAfterLogin();
  const [code, setCode] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const trimmed = code.replace(/\s/g, '');
    if (challenge) {
      verify.mutate(
        { tfa_token: challenge, code: trimmed },
        {
          onSuccess: () => {
            removeStorage(TFA_TOKEN_KEY, 'session');
            goOn();
          },
        },
      );
    } else confirm.mutate(trimmed, { onSuccess: goOn });
  };
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
  const pending = verify.isPending || confirm.isPending;
  const errors = splitFormError(verify.error ?? confirm.error, ['code'] as const);
  return (
    <Form onSubmit={submit} noValidate aria-label="Two-factor authentication">
      <h1 className="h4 mb-3">Two-factor authentication</h1>
      <p className="text-body-secondary">Enter the 6-digit code from your authenticator app.</p>
      <FormError error={errors.form} />
      <AuthField
        id="tfa-code"
        label="Code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        onChange={setCode}
        error={errors.fields.code}
        autoFocus
      />
      <Button type="submit" className="w-100" disabled={pending}>
        Verify
      </Button>
    </Form>
  );
}
