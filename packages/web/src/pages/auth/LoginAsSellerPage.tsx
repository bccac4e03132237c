import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useNavigate, useSearchParams } from 'react-router';
import { useLoginAsSeller } from '../../api/hooks/useAuth.js';
import { FormError } from './FormError.js';

/** An admin signs in as a seller (spec §6); the session then carries `access_user`. */
export function LoginAsSellerPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const login = useLoginAsSeller();
  const [sellerId, setSellerId] = useState(params.get('seller_id') ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    login.mutate(Number(sellerId), { onSuccess: () => navigate('/', { replace: true }) });
  };
  return (
    <Form onSubmit={submit} noValidate aria-label="Login as seller">
      <h1 className="h4 mb-3">Login as seller</h1>
      <FormError error={login.error} />
      <Form.Group className="mb-3" controlId="seller-id">
        <Form.Label>Seller ID</Form.Label>
        <Form.Control
          inputMode="numeric"
          value={sellerId}
          onChange={(event) => setSellerId(event.target.value)}
          autoFocus
        />
      </Form.Group>
      <Button type="submit" className="w-100" disabled={login.isPending}>
        Continue
      </Button>
    </Form>
  );
}
