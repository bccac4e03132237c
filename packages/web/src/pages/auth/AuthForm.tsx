import type { FormEventHandler, ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormError } from './FormError.js';

/**
 * The frame of every auth form: its heading, the message no field explains, the fields, then
 * `beforeSubmit` (the place for a widget that must sit between the last field and the button,
 * such as a bot check whose answer joins the submitted body), and the submit button, disabled
 * while the call is pending.
 */
export function AuthForm({
  label,
  heading,
  onSubmit,
  formError,
  pending,
  submitLabel,
  pendingLabel = submitLabel,
  beforeSubmit,
  submitDisabled = false,
  children,
  footer,
}: {
  label: string;
  heading: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  formError: unknown;
  pending: boolean;
  submitLabel: string;
  pendingLabel?: string;
  beforeSubmit?: ReactNode;
  /** Keeps the button disabled without the pending label (e.g. until the bot check is solved). */
  submitDisabled?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <Form onSubmit={onSubmit} noValidate aria-label={label}>
      <h1 className="h4 mb-3">{heading}</h1>
      <FormError error={formError} />
      {children}
      {beforeSubmit}
      <Button type="submit" className="w-100" disabled={pending || submitDisabled}>
        {pending ? pendingLabel : submitLabel}
      </Button>
      {footer}
    </Form>
  );
}
