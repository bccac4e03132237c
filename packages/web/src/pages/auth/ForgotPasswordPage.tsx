import { ForgotPasswordBody } from '@printloom/core';
import { Link } from 'react-router';
import { useForgotPassword } from '../../api/hooks/useAuth.js';
import { useBotCheck } from '../../botCheck/BotCheck.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { DemoOutboxLink } from '../dev/OutboxPage.js';
import { AuthField } from './AuthField.js';
import { AuthForm } from './AuthForm.js';

export function ForgotPasswordPage() {
  const forgot = useForgotPassword();
  const { form, formError } = useApiForm({
    schema: ForgotPasswordBody,
    defaultValues: { email: '' },
    serverError: forgot.error,
  });
  const botCheck = useBotCheck();
  const submit = form.handleSubmit(({ email }) =>
    // A solution works once: every answer is followed by a new check.
    forgot.mutate({ email, botCheck: botCheck.solution }, { onSettled: botCheck.renew }),
  );
  return (
    <AuthForm
      label="Forgot password"
      heading="Forgot password"
      onSubmit={submit}
      formError={formError}
      pending={forgot.isPending}
      submitLabel="Send reset link"
      beforeSubmit={botCheck.widget}
      submitDisabled={botCheck.waiting}
      footer={
        <p className="mt-3 small mb-0">
          <Link to="/auth/login">Back to login</Link>
        </p>
      }
    >
      {forgot.isSuccess ? (
        <div className="alert alert-success" role="status">
          If an account exists for {forgot.variables?.email}, a reset link is on its way.
          <DemoOutboxLink />
        </div>
      ) : null}
      <AuthField
        id="forgot-email"
        label="Email"
        type="email"
        autoComplete="email"
        field={form.register('email')}
        error={fieldError(form, 'email')}
        autoFocus
      />
    </AuthForm>
  );
}
