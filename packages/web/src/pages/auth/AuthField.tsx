import Form from 'react-bootstrap/Form';
import type { UseFormRegisterReturn } from 'react-hook-form';

/**
 * A labelled input of the auth forms with its error right under it: the input is marked
 * invalid and names the message with `aria-describedby`, so a screen reader reads the message
 * with the field (WCAG 3.3.1). `field` is what the form's `register(name)` returns.
 */
export function AuthField({
  id,
  label,
  field,
  error,
  type = 'text',
  autoComplete,
  autoFocus,
  required,
  inputMode,
}: {
  id: string;
  label: string;
  field: UseFormRegisterReturn;
  error?: string | undefined;
  type?: 'text' | 'email' | 'password';
  autoComplete?: string;
  autoFocus?: boolean;
  required?: boolean;
  inputMode?: 'numeric' | 'text';
}) {
  const errorId = `${id}-error`;
  return (
    <Form.Group className="mb-3" controlId={id}>
      <Form.Label>{label}</Form.Label>
      <Form.Control
        type={type}
        {...field}
        isInvalid={error !== undefined}
        aria-invalid={error !== undefined ? true : undefined}
        aria-describedby={error !== undefined ? errorId : undefined}
        {...(autoComplete ? { autoComplete } : {})}
        {...(inputMode ? { inputMode } : {})}
        required={required}
        autoFocus={autoFocus}
      />
      {error !== undefined ? (
        <Form.Control.Feedback type="invalid" id={errorId} data-testid={`${id}-error`}>
          {error}
        </Form.Control.Feedback>
      ) : null}
    </Form.Group>
  );
}
