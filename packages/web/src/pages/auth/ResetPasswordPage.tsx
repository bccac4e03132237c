import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/hooks/useAuth.js';
import { AuthField } from './AuthField.js';
import { FormError } from './FormError.js';
import { splitFormError } from './fieldErrors.js';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
  // The token comes from the mailed link, not a field: its error stays above the form.
  const errors = splitFormError(reset.error, ['password'] as const);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    reset.mutate({ token: params.get('token') ?? '', password });
  };
  if (reset.isSuccess) {
    return (
      <div role="status">
        <h1 className="h4 mb-3">Password changed</h1>
        <Link to="/auth/login" className="btn btn-primary w-100">
          Login
        </Link>
      </div>
    );
  }
  return (
    <Form onSubmit={submit} noValidate aria-label="Reset password">
      <h1 className="h4 mb-3">Choose a new password</h1>
      <FormError error={errors.form} />
      <AuthField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.fields.password}
        autoFocus
      />
      <Button type="submit" className="w-100" disabled={reset.isPending}>
        Change password
      </Button>
    </Form>
  );
}
