import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useForgotPassword } from '../../api/hooks/useAuth.js';
import { AuthField } from './AuthField.js';
import { FormError } from './FormError.js';
import { splitFormError } from './fieldErrors.js';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const [email, setEmail] = useState('');
  const errors = splitFormError(forgot.error, ['email'] as const);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    forgot.mutate(email);
  };
  return (
    <Form onSubmit={submit} noValidate aria-label="Forgot password">
      <h1 className="h4 mb-3">Forgot password</h1>
      <FormError error={errors.form} />
      {forgot.isSuccess ? (
        <div className="alert alert-success" role="status">
          If an account exists for {email}, a reset link is on its way.
        </div>
      ) : null}
      <AuthField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.fields.email}
        autoFocus
      />
      <Button type="submit" className="w-100" disabled={forgot.isPending}>
        Send reset link
      </Button>
      <p className="mt-3 small mb-0">
        <Link to="/auth/login">Back to login</Link>
      </p>
    </Form>
  );
}
