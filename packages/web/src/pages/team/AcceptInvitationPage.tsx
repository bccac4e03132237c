import { AcceptInvitationBody, pagePath } from '@printloom/core';
import { Link, useSearchParams } from 'react-router';
import { z } from 'zod';
import { useAcceptInvitation } from '../../api/hooks/useTeam.js';
import { fieldError, useApiForm } from '../../forms/useApiForm.js';
import { AuthField } from '../auth/AuthField.js';
import { AuthForm } from '../auth/AuthForm.js';

/**
 * The form's fields: both may stay empty when the invited address already has an account (the
 * server says when they are needed); filled in, they follow the route's rules.
 */
const AcceptFields = z.object({
  name: z.union([z.literal(''), AcceptInvitationBody.shape.name.unwrap()]),
  password: z.union([z.literal(''), AcceptInvitationBody.shape.password.unwrap()]),
});

/** The link of a team invitation mail: joins the inviting seller's team. */
export function AcceptInvitationPage() {
  const [params] = useSearchParams();
  const accept = useAcceptInvitation();
  const { form, formError } = useApiForm({
    schema: AcceptFields,
    defaultValues: { name: '', password: '' },
    serverError: accept.error,
  });
  const submit = form.handleSubmit(({ name, password }) =>
    accept.mutate({
      token: params.get('token') ?? '',
      ...(name ? { name } : {}),
      ...(password ? { password } : {}),
    }),
  );
  if (accept.isSuccess) {
    return (
      <div role="status">
        <h1 className="h4 mb-3">You joined {accept.data.seller_name}'s team</h1>
        <p>
          Sign in as <strong>{accept.data.email}</strong>, then choose <em>Switch Account</em> in
          the user menu to act for {accept.data.seller_name}.
        </p>
        <Link to={pagePath('login')} className="btn btn-primary w-100">
          Login
        </Link>
      </div>
    );
  }
  return (
    <AuthForm
      label="Accept invitation"
      heading="Join the team"
      onSubmit={submit}
      formError={formError}
      pending={accept.isPending}
      submitLabel="Accept invitation"
    >
      <p className="small text-body-secondary">
        Already have an account with the invited address? Just accept. New here? Choose your name
        and a password to create your account.
      </p>
      <AuthField
        id="accept-name"
        label="Your name (new accounts)"
        autoComplete="name"
        field={form.register('name')}
        error={fieldError(form, 'name')}
      />
      <AuthField
        id="accept-password"
        label="Password (new accounts)"
        type="password"
        autoComplete="new-password"
        field={form.register('password')}
        error={fieldError(form, 'password')}
      />
    </AuthForm>
  );
}
