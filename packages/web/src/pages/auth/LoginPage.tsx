import { isDesignerLogin } from '@printloom/core';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogin } from '../../api/hooks/useAuth.js';
import { writeStorage } from '../../env/storage.js';
import { AuthField } from './AuthField.js';
import { TFA_TOKEN_KEY } from './afterLogin.js';
import { FormError } from './FormError.js';
import { splitFormError } from './fieldErrors.js';
import { useGoAfterLogin } from './useGoAfterLogin.js';

/**
 * Login (spec §2). The designer variant posts to /auth/admin/login when the host name holds
 * 'designer' or the address has `?designer`. A two-factor account continues on /auth/tfa.
 */
export function LoginPage() {
  const { search } = useLocation();
  const navigate = useNavigate();
  const designer = isDesignerLogin(window.location.hostname, new URLSearchParams(search));
  const login = useLogin(designer);
  const goOn = useGoAfterLogin();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = splitFormError(login.error, ['email', 'password'] as const);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(
      { email, password },
      {
        onSuccess: (answer) => {
          if ('tfa_required' in answer) {
            writeStorage(TFA_TOKEN_KEY, answer.tfa_token, 'session');
            navigate(`/auth/tfa${search}`);
          } else goOn();
        },
      },
    );
  };

  return (
    <Form onSubmit={submit} noValidate aria-label="Login">
      <h1 className="h4 mb-3">{designer ? 'Designer login' : 'Login'}</h1>
      <FormError error={errors.form} />
      <AuthField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="username"
        value={email}
        onChange={setEmail}
        error={errors.fields.email}
        required
        autoFocus
      />
      <AuthField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        value={password}
        onChange={setPassword}
        error={errors.fields.password}
        required
      />
      <Button type="submit" className="w-100" disabled={login.isPending}>
        {login.isPending ? 'Signing in…' : 'Login'}
      </Button>
      <div className="d-flex justify-content-between mt-3 small">
        <Link to="/auth/forgot-password">Forgot password?</Link>
        {designer ? null : <Link to="/auth/register">Create an account</Link>}
      </div>
    </Form>
  );
}
