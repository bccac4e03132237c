import { ApiError, BOT_CHECK_FIELD, isDesignerLogin, LoginCredentials } from '@printloom/core';
import { useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { useLogin } from '../../api/hooks/useAuth.js';
import { useBotCheck } from '../../botCheck/BotCheck.js';
import { writeStorage } from '../../env/storage.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { AuthField } from './AuthField.js';
import { AuthForm } from './AuthForm.js';
import { TFA_TOKEN_KEY } from './afterLogin.js';
import { SocialButtons } from './SocialButtons.js';
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
  const { form, formError } = useApiForm({
    schema: LoginCredentials,
    defaultValues: { email: '', password: '' },
    serverError: login.error,
  });

  // After failed attempts the server asks for a bot check (errors.bot_check); the form shows
  // it from then on, a new one for each attempt.
  const [checkNeeded, setCheckNeeded] = useState(false);
  const botCheck = useBotCheck({ enabled: checkNeeded });
  const submit = form.handleSubmit((credentials) => {
    login.mutate(
      { credentials, botCheck: checkNeeded ? botCheck.solution : undefined },
      {
        onError: (error) => {
          if (error instanceof ApiError && error.errors?.[BOT_CHECK_FIELD]) setCheckNeeded(true);
          botCheck.renew();
        },
        onSuccess: (answer) => {
          if ('tfa_required' in answer) {
            writeStorage(TFA_TOKEN_KEY, answer.tfa_token, 'session');
            navigate(`/auth/tfa${search}`);
          } else goOn();
        },
      },
    );
  });

  return (
    <AuthForm
      label="Login"
      heading={designer ? 'Designer login' : 'Login'}
      onSubmit={submit}
      formError={formError}
      pending={login.isPending}
      submitLabel="Login"
      pendingLabel="Signing in…"
      beforeSubmit={botCheck.widget}
      submitDisabled={botCheck.waiting}
      footer={
        <>
          {designer ? null : <SocialButtons />}
          <div className="d-flex justify-content-between mt-3 small">
            <Link to="/auth/forgot-password">Forgot password?</Link>
            {designer ? null : <Link to="/auth/register">Create an account</Link>}
          </div>
        </>
      }
    >
      <AuthField
        id="login-email"
        label="Email"
        type="email"
        autoComplete="username"
        field={form.register('email')}
        error={fieldError(form, 'email')}
        required
        autoFocus
      />
      <AuthField
        id="login-password"
        label="Password"
        type="password"
        autoComplete="current-password"
        field={form.register('password')}
        error={fieldError(form, 'password')}
        required
      />
    </AuthForm>
  );
}
