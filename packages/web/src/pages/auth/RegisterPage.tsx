import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { Link } from 'react-router';
import { useRegister } from '../../api/hooks/useAuth.js';
import { FormError } from './FormError.js';
import { useGoAfterLogin } from './useGoAfterLogin.js';

export function RegisterPage() {
  const register = useRegister();
  const goOn = useGoAfterLogin();
  const [name, setName] = useState('');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    register.mutate({ name, email, password }, { onSuccess: goOn });
  };
  return (
    <Form onSubmit={submit} noValidate aria-label="Register">
      <h1 className="h4 mb-3">Create your seller account</h1>
      <FormError error={register.error} />
      <Form.Group className="mb-3" controlId="register-name">
        <Form.Label>Name</Form.Label>
        <Form.Control value={name} onChange={(event) => setName(event.target.value)} autoFocus />
      </Form.Group>
      <Form.Group className="mb-3" controlId="register-email">
        <Form.Label>Email</Form.Label>
        <Form.Control
          type="email"
          autoComplete="email"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
        />
      </Form.Group>
      <Form.Group className="mb-3" controlId="register-password">
        <Form.Label>Password</Form.Label>
        <Form.Control
          type="password"
          autoComplete="new-password"
          value={password}
          onChange={(event) => setPassword(event.target.value)}
        />
      </Form.Group>
      <Button type="submit" className="w-100" disabled={register.isPending}>
        Register
      </Button>
      <p className="mt-3 small mb-0">
        Already have an account? <Link to="/auth/login">Login</Link>
      </p>
    </Form>
  );
}
