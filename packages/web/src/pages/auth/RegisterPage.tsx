import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useRegister } from '../../api/hooks/useAuth.js';
import { AuthField } from './AuthField.js';
import { FormError } from './FormError.js';
import { splitFormError } from './fieldErrors.js';
import { useGoAfterLogin } from './useGoAfterLogin.js';

export function RegisterPage() {
  const register = useRegister();
  const goOn = useGoAfterLogin();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const errors = splitFormError(register.error, ['name', 'email', 'password'] as const);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ name, email, password }, { onSuccess: goOn });
  };
  return (
    <Form onSubmit={submit} noValidate aria-label="Register">
      <h1 className="h4 mb-3">Create your seller account</h1>
      <FormError error={errors.form} />
      <AuthField
        id="register-name"
        label="Name"
        autoComplete="name"
        value={name}
        onChange={setName}
        error={errors.fields.name}
        autoFocus
      />
      <AuthField
        id="register-email"
        label="Email"
        type="email"
        autoComplete="email"
        value={email}
        onChange={setEmail}
        error={errors.fields.email}
      />
      <AuthField
        id="register-password"
        label="Password"
        type="password"
        autoComplete="new-password"
        value={password}
        onChange={setPassword}
        error={errors.fields.password}
      />
      <Button type="submit" className="w-100" disabled={register.isPending}>
        Register
      </Button>
      <p className="mt-3 small mb-0">
        Already have an account? <Link to="/auth/login">Login</Link>
      </p>
    </Form>
  );
}
