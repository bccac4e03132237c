import { type FormEvent, useEffect, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { QUICK_NAV_PLACEHOLDER } from '../constants.js';
import { quickNavOptions } from './quickNav.js';

/** Ctrl+G or Cmd+G opens quick navigation (spec §2); a page must be chosen to go. */
export function QuickNav() {
  const navigate = useNavigate();
  const [show, setShow] = useState(false);
  const [target, setTarget] = useState('');
  const [invalid, setInvalid] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && !event.shiftKey && event.key.toLowerCase() === 'g') {
        event.preventDefault();
        setTarget('');
        setInvalid(false);
        setShow(true);
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, []);
  const go = (event: FormEvent) => {
    event.preventDefault();
    if (target === '') {
      setInvalid(true);
      return;
    }
    setShow(false);
    navigate(target);
  };
  return (
    <Modal
      show={show}
      onHide={() => setShow(false)}
      aria-labelledby="quick-nav-title"
      data-testid="quick-nav"
    >
      <Form onSubmit={go} noValidate>
        <Modal.Header closeButton>
          <Modal.Title id="quick-nav-title">Quick navigation</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Select
            aria-label={QUICK_NAV_PLACEHOLDER}
            value={target}
            isInvalid={invalid}
            onChange={(event) => {
              setTarget(event.target.value);
              setInvalid(false);
            }}
            autoFocus
          >
            <option value="" disabled>
              {QUICK_NAV_PLACEHOLDER}
            </option>
            {quickNavOptions().map((option) => (
              <option key={option.path} value={option.path}>
                {option.label}
              </option>
            ))}
          </Form.Select>
          <Form.Control.Feedback type="invalid">Please select a page.</Form.Control.Feedback>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="secondary" onClick={() => setShow(false)}>
            Cancel
          </Button>
          <Button type="submit">Go</Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
