import {
  AVATAR_MAX_BYTES,
  ChangeEmailBody,
  ChangePasswordBody,
  errorMessage,
  isAdmin,
  isAuthorizedAccount,
  ProfileBody,
  roleOf,
  SOCIAL_MESSAGES,
  SOCIAL_PROVIDER_NAMES,
  SocialProvider,
  socialErrorMessage,
  socialStartLink,
  userDate,
} from '@printloom/core';
import { type ChangeEvent, useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import type { FieldPath } from 'react-hook-form';
import { useLocation } from 'react-router';
import type { z } from 'zod';
import {
  useAccountSessions,
  useChangeEmail,
  useChangePassword,
  useSaveAvatar,
  useSaveProfile,
  useSignOutEverywhere,
} from '../api/hooks/useAccountSettings.js';
import { useMe } from '../api/hooks/useAuth.js';
import {
  useSocialIdentities,
  useSocialProviders,
  useUnlinkProvider,
} from '../api/hooks/useSocial.js';
import { fieldError, type SchemaForm, useApiForm } from '../forms/useApiForm.js';
import { FormError } from './auth/FormError.js';
import { usePageTitle } from './usePageTitle.js';

/**
 * The signed-in person's own account (spec §2 /settings/account, /account for designers):
 * profile, password (the current one required; other sessions end) and the live sessions with
 * "sign out everywhere". While switched to another seller it is still the person's own account.
 */
export function AccountPage() {
  const user = useMe();
  const title = usePageTitle();
  if (!user) return null;
  // While acting for another seller, /me is that seller: the own account is edited from home.
  if (isAuthorizedAccount(user) || isAdmin(user)) {
    return (
      <>
        <h1 className="h3 mb-4">{title}</h1>
        <p>
          You are acting for <strong>{user.name}</strong>. Go back to your own account (user menu,
          Back To My Account) to change your profile, email or password.
        </p>
      </>
    );
  }
  return (
    <>
      <h1 className="h3 mb-4">{title}</h1>
      <p className="text-body-secondary">
        {user.email} · {roleOf(user)} · email {user.email_verified_at ? 'verified' : 'not verified'}
      </p>
      <div className="row g-4" style={{ maxWidth: 1100 }}>
        <div className="col-lg-6">
          <ProfileForm
            initial={{ name: user.name, phone: user.phone ?? '', facebook: user.facebook ?? '' }}
          />
        </div>
        <div className="col-lg-6">
          <PictureCard avatar={user.avatar ?? null} name={user.name} />
        </div>
        <div className="col-lg-6">
          <PasswordForm />
        </div>
        <div className="col-lg-6">
          <EmailForm current={user.email} />
        </div>
        <div className="col-lg-6">
          <SignInMethods />
        </div>
        <div className="col-12">
          <Sessions />
        </div>
      </div>
    </>
  );
}

function Field<S extends z.ZodObject>({
  form,
  name,
  label,
  type = 'text',
  autoComplete,
}: {
  form: SchemaForm<S>;
  name: FieldPath<z.input<S>>;
  label: string;
  type?: 'text' | 'password' | 'tel' | 'url' | 'email';
  autoComplete?: string;
}) {
  const id = useId();
  const error = fieldError(form, name);
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        {...form.register(name)}
        isInvalid={error !== undefined}
        {...(autoComplete ? { autoComplete } : {})}
      />
      <Form.Control.Feedback type="invalid">{error}</Form.Control.Feedback>
    </Form.Group>
  );
}

function ProfileForm({ initial }: { initial: z.input<typeof ProfileBody> }) {
  const save = useSaveProfile();
  const { form, formError } = useApiForm({
    schema: ProfileBody,
    defaultValues: initial,
    serverError: save.error,
  });
  return (
    <Form
      className="card card-body h-100"
      noValidate
      onSubmit={form.handleSubmit((values) => save.mutate(values))}
    >
      <h2 className="h5">Profile</h2>
      <FormError error={formError} />
      {save.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          Your profile has been saved.
        </div>
      ) : null}
      <Field form={form} name="name" label="Name" autoComplete="name" />
      <Field form={form} name="phone" label="Phone" type="tel" autoComplete="tel" />
      <Field form={form} name="facebook" label="Facebook" />
      <div>
        <Button type="submit" disabled={save.isPending}>
          Save profile
        </Button>
      </div>
    </Form>
  );
}

const PICTURE_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/gif'];
const PICTURE_SIZE_PX = 96;

/** The person's picture (shown in the top bar): upload a new one, or remove it. */
function PictureCard({ avatar, name }: { avatar: string | null; name: string }) {
  const save = useSaveAvatar();
  const inputId = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  function choose(event: ChangeEvent<HTMLInputElement>) {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setDone(null);
    if (!PICTURE_TYPES.includes(file.type)) {
      setProblem('Choose a PNG, JPEG, WebP or GIF picture.');
      return;
    }
    if (file.size > AVATAR_MAX_BYTES) {
      setProblem('The picture is larger than 2 MB.');
      return;
    }
    setProblem(null);
    save.mutate(file, { onSuccess: () => setDone('Your picture has been saved.') });
  }

  function remove() {
    setProblem(null);
    save.mutate(null, { onSuccess: () => setDone('Your picture has been removed.') });
  }

  const error = problem ?? (save.error ? errorMessage(save.error) : null);
  return (
    <section className="card card-body h-100" aria-labelledby={`${inputId}-title`}>
      <h2 className="h5" id={`${inputId}-title`}>
        Picture
      </h2>
      <div className="d-flex align-items-center gap-3 mb-3">
        {avatar ? (
          <img
            src={avatar}
            alt={name}
            width={PICTURE_SIZE_PX}
            height={PICTURE_SIZE_PX}
            className="rounded-circle border object-fit-cover"
          />
        ) : (
          <div
            className="rounded-circle border d-flex align-items-center justify-content-center bg-body-tertiary fs-2"
            style={{ width: PICTURE_SIZE_PX, height: PICTURE_SIZE_PX }}
            aria-hidden="true"
          >
            {name.slice(0, 1).toUpperCase()}
          </div>
        )}
        <div>
          <Form.Label htmlFor={inputId} className="mb-1">
            Upload a picture (PNG, JPEG, WebP or GIF, at most 2 MB)
          </Form.Label>
          <Form.Control
            id={inputId}
            type="file"
            accept={PICTURE_TYPES.join(',')}
            onChange={choose}
            disabled={save.isPending}
            isInvalid={error !== null}
          />
        </div>
      </div>
      {error ? (
        <div className="text-danger small mb-2" role="alert">
          {error}
        </div>
      ) : null}
      {save.isPending ? (
        <p className="small text-body-secondary" role="status">
          Saving…
        </p>
      ) : done ? (
        <div className="alert alert-success py-2" role="status">
          {done}
        </div>
      ) : null}
      {avatar ? (
        <div>
          <Button variant="outline-danger" onClick={remove} disabled={save.isPending}>
            Remove picture
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function PasswordForm() {
  const change = useChangePassword();
  const { form, formError } = useApiForm({
    schema: ChangePasswordBody,
    defaultValues: { current_password: '', new_password: '' },
    serverError: change.error,
  });
  return (
    <Form
      className="card card-body h-100"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        change.mutate(values, { onSuccess: () => form.reset() }),
      )}
    >
      <h2 className="h5">Change password</h2>
      <FormError error={formError} />
      {change.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          Your password has been changed; your other sessions have ended.
        </div>
      ) : null}
      <Field
        form={form}
        name="current_password"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <Field
        form={form}
        name="new_password"
        label="New password"
        type="password"
        autoComplete="new-password"
      />
      <div>
        <Button type="submit" disabled={change.isPending}>
          Change password
        </Button>
      </div>
    </Form>
  );
}

function EmailForm({ current }: { current: string }) {
  const change = useChangeEmail();
  const { form, formError } = useApiForm({
    schema: ChangeEmailBody,
    defaultValues: { email: '', password: '' },
    serverError: change.error,
  });
  return (
    <Form
      className="card card-body h-100"
      noValidate
      onSubmit={form.handleSubmit((values) =>
        change.mutate(values, { onSuccess: () => form.reset() }),
      )}
    >
      <h2 className="h5">Change email</h2>
      <p className="small text-body-secondary">
        Now <strong>{current}</strong>. We send a link to the new address; the email changes when
        you open it.
      </p>
      <FormError error={formError} />
      {change.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          A confirmation link has been sent to the new address.
        </div>
      ) : null}
      <Field form={form} name="email" label="New email" type="email" autoComplete="email" />
      <Field
        form={form}
        name="password"
        label="Current password"
        type="password"
        autoComplete="current-password"
      />
      <div>
        <Button type="submit" disabled={change.isPending}>
          Send confirmation link
        </Button>
      </div>
    </Form>
  );
}

function Sessions() {
  const sessions = useAccountSessions();
  const signOut = useSignOutEverywhere();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const rows = sessions.data ?? [];
  return (
    <section className="card card-body">
      <div className="d-flex align-items-center mb-2">
        <h2 className="h5 mb-0 me-auto">Active sessions</h2>
        <Button
          variant="outline-danger"
          size="sm"
          disabled={signOut.isPending || rows.length < 2}
          onClick={() => signOut.mutate()}
        >
          Sign out everywhere else
        </Button>
      </div>
      <FormError error={sessions.error ?? signOut.error} />
      {signOut.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          Every other session has ended.
        </div>
      ) : null}
      {sessions.isPending ? <p role="status">Loading sessions…</p> : null}
      {rows.length > 0 ? (
        <Table size="sm" className="mb-0" aria-busy={sessions.isFetching}>
          <thead>
            <tr>
              <th scope="col">Signed in</th>
              <th scope="col">Expires</th>
              <th scope="col">Acting for</th>
              <th scope="col">
                <span className="visually-hidden">This session</span>
              </th>
            </tr>
          </thead>
          <tbody data-testid="session-rows">
            {rows.map((session) => (
              <tr key={session.id}>
                <td>{userDate(session.created_at, utcOffset)}</td>
                <td>{userDate(session.expires_at, utcOffset)}</td>
                <td>{session.acting_for ?? 'Own account'}</td>
                <td>
                  {session.current ? <span className="badge text-bg-primary">This one</span> : null}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      ) : null}
    </section>
  );
}

/**
 * Google and Facebook sign-in (issue 15): each configured provider with Link (to the provider
 * and back) or Unlink; a provider linked before its client was removed can still be unlinked.
 * The server refuses to unlink the last way to sign in.
 */
function SignInMethods() {
  const { search } = useLocation();
  const configured = useSocialProviders().data?.providers ?? [];
  const identities = useSocialIdentities();
  const unlink = useUnlinkProvider();
  const utcOffset = useMe()?.utc_offset ?? 0;
  const linked = identities.data?.identities ?? [];
  const shown = SocialProvider.options.filter(
    (provider) => configured.includes(provider) || linked.some((i) => i.provider === provider),
  );
  const query = new URLSearchParams(search);
  const returnedError = socialErrorMessage(query.get('social_error'));
  const justLinked = SocialProvider.safeParse(query.get('social_linked')).data;
  if (shown.length === 0 && !returnedError) return null;
  return (
    <section className="card card-body h-100" aria-labelledby="sign-in-methods">
      <h2 className="h5" id="sign-in-methods">
        Sign-in methods
      </h2>
      {returnedError ? (
        <div className="alert alert-danger py-2" role="alert">
          {returnedError}
        </div>
      ) : null}
      {justLinked && !unlink.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          {SOCIAL_PROVIDER_NAMES[justLinked]}: {SOCIAL_MESSAGES.linked}
        </div>
      ) : null}
      {unlink.isSuccess ? (
        <div className="alert alert-success py-2" role="status">
          {SOCIAL_MESSAGES.unlinked}
        </div>
      ) : null}
      <FormError error={identities.error ?? unlink.error} />
      {identities.data && !identities.data.has_password ? (
        <p className="small text-body-secondary">
          Your account has no password: you sign in with a provider. Use Forgot password on the
          login page to set one.
        </p>
      ) : null}
      <ul className="list-unstyled mb-0" data-testid="sign-in-methods">
        {shown.map((provider) => {
          const identity = linked.find((i) => i.provider === provider);
          const name = SOCIAL_PROVIDER_NAMES[provider];
          return (
            <li key={provider} className="d-flex align-items-center gap-2 py-2 border-bottom">
              <div className="me-auto">
                <strong>{name}</strong>
                <div className="small text-body-secondary">
                  {identity
                    ? `Linked${identity.email ? ` as ${identity.email}` : ''} on ${userDate(identity.created_at, utcOffset)}`
                    : 'Not linked'}
                </div>
              </div>
              {identity ? (
                <Button
                  variant="outline-danger"
                  size="sm"
                  disabled={unlink.isPending}
                  onClick={() => unlink.mutate(provider)}
                  aria-label={`Unlink ${name}`}
                >
                  Unlink
                </Button>
              ) : identities.isSuccess ? (
                <a
                  className="btn btn-outline-primary btn-sm"
                  href={socialStartLink('', provider, 'link')}
                >
                  {`Link ${name}`}
                </a>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}
