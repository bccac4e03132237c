import type { AuthorizedAccount } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import ListGroup from 'react-bootstrap/ListGroup';
import Modal from 'react-bootstrap/Modal';
import { useNavigate } from 'react-router';
import { useSwitchAccount } from '../api/hooks/useAccounts.js';
import { PATHS } from '../constants.js';
import { toasts } from '../toast/toastStore.js';

/**
 * 'Select account' (spec §2, §4): pick an account to act for. Success replaces the token,
 * reloads the profile and goes to /; failure shows the message, and a two-factor difference sends
 * the user to the 2FA settings. Opened after a login (`ref=login`) it offers 'never show'.
 */
export function SelectAccountDialog({
  show,
  accounts,
  afterLogin,
  onHide,
  onNeverShow,
}: {
  show: boolean;
  accounts: readonly AuthorizedAccount[];
  afterLogin: boolean;
  onHide: () => void;
  onNeverShow: () => void;
}) {
  const navigate = useNavigate();
  const switchAccount = useSwitchAccount();
  const [neverShow, setNeverShow] = useState(false);
  const choose = (account: AuthorizedAccount) => {
    switchAccount.mutate(account.seller_id, {
      onSuccess: (outcome) => {
        if (outcome.ok) {
          toasts.show('success', outcome.message ?? `You are now acting for ${account.name}.`);
          onHide();
          navigate(PATHS.home);
          return;
        }
        toasts.show('danger', outcome.message);
        if (outcome.toTfaSettings) {
          onHide();
          navigate(PATHS.tfaSettings);
        }
      },
      onError: (error) => toasts.show('danger', error.message),
    });
  };
  const hide = () => {
    if (afterLogin && neverShow) onNeverShow();
    onHide();
  };
  return (
    <Modal show={show} onHide={hide} centered aria-labelledby="select-account-title">
      <Modal.Header closeButton>
        <Modal.Title id="select-account-title">Select account</Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {accounts.length === 0 ? (
          <p className="mb-0 text-body-secondary">No seller has given you access to an account.</p>
        ) : (
          <ListGroup>
            {accounts.map((account) => (
              <ListGroup.Item
                action
                key={account.seller_id}
                onClick={() => choose(account)}
                disabled={switchAccount.isPending}
                className="d-flex justify-content-between align-items-center"
              >
                <span>{account.name}</span>
                <small className="text-body-secondary text-capitalize">{account.role}</small>
              </ListGroup.Item>
            ))}
          </ListGroup>
        )}
      </Modal.Body>
      <Modal.Footer className="justify-content-between">
        {afterLogin ? (
          <Form.Check
            id="account-never-show"
            label="Never show this again"
            checked={neverShow}
            onChange={(event) => setNeverShow(event.target.checked)}
          />
        ) : (
          <span />
        )}
        <Button variant="secondary" onClick={hide}>
          Continue with my account
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
