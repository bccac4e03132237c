import { ResetPasswordBody } from '@printloom/core';
import { Link, useSearchParams } from 'react-router';
import { useResetPassword } from '../../api/hooks/useAuth.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { AuthField } from './AuthField.js';
import { AuthForm } from './AuthForm.js';

/** The field of the form; the token comes from the mailed link, so its error stays above it. */
const NewPassword = ResetPasswordBody.pick({ password: true });

export function ResetPasswordPage() {
  const [params] = useSearchParams();
  const reset = useResetPassword();
  const { form, formError } = useApiForm({
    schema: NewPassword,
    defaultValues: { password: '' },
    serverError: reset.error,
  });
  const submit = form.handleSubmit(({ password }) =>
    reset.mutate({ token: params.get('token') ?? '', password }),
  );
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
    <AuthForm
      label="Reset password"
      heading="Choose a new password"
      onSubmit={submit}
      formError={formError}
      pending={reset.isPending}
      submitLabel="Change password"
    >
      <AuthField
        id="reset-password"
        label="New password"
        type="password"
        autoComplete="new-password"
        field={form.register('password')}
        error={fieldError(form, 'password')}
        autoFocus
      />
    </AuthForm>
  );
}
