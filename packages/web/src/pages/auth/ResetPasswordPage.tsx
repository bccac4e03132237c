import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/hooks/useAuth.js';
import { FormError } from './FormError.js';

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const [password, setPassword] = useState('');
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
      <FormError error={reset.error} />
      <Form.Group className="mb-3" controlId="reset-password">
        <Form.Label>New password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          autoFocus
        />
      </Form.Group>
      <Button type="submit" className="w-100" disabled={reset.isPending}>
        Change password
      </Button>
    </Form>
  );
}
