import { REFERRAL_QUERY_PARAM, RegisterBody } from '@printloom/core';
import { Link, useSearchParams } from 'react-router';
import { useRegister } from '../../api/hooks/useAuth.js';
import { useBotCheck } from '../../botCheck/BotCheck.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { AuthField } from './AuthField.js';
import { AuthForm } from './AuthForm.js';
import { SocialButtons } from './SocialButtons.js';
import { useGoAfterLogin } from './useGoAfterLogin.js';

export function RegisterPage() {
  const register = useRegister();
  const goOn = useGoAfterLogin();
  const { form, formError } = useApiForm({
    schema: RegisterBody,
    defaultValues: { name: '', email: '', password: '' },
    serverError: register.error,
  });
  const botCheck = useBotCheck();
  // A referral link (`?ref=CODE`) names the seller who brought this one.
  const ref = useSearchParams()[0].get(REFERRAL_QUERY_PARAM)?.trim() || undefined;
  const submit = form.handleSubmit((body) =>
    register.mutate(
      { body: ref ? { ...body, ref } : body, botCheck: botCheck.solution },
      // A solution works once: a failed attempt shows a new check.
      { onSuccess: goOn, onError: botCheck.renew },
    ),
  );
  return (
    <AuthForm
      label="Register"
      heading="Create your seller account"
      onSubmit={submit}
      formError={formError}
      pending={register.isPending}
      submitLabel="Register"
      beforeSubmit={botCheck.widget}
      submitDisabled={botCheck.waiting}
      footer={
        <>
          <SocialButtons />
          <p className="mt-3 small mb-0">
            Already have an account? <Link to="/auth/login">Login</Link>
          </p>
        </>
      }
    >
      <AuthField
        id="register-name"
        label="Name"
        autoComplete="name"
        field={form.register('name')}
        error={fieldError(form, 'name')}
        autoFocus
      />
      <AuthField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        field={form.register('email')}
        error={fieldError(form, 'email')}
      />
      <AuthField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        field={form.register('password')}
        error={fieldError(form, 'password')}
      />
    </AuthForm>
  );
}
