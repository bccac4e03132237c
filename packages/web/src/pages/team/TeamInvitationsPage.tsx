import { pagePath, type TeamInvitation, userDate } from '@printloom/core';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import {
  useResendInvitation,
  useRevokeInvitation,
  useTeamInvitations,
} from '../../api/hooks/useTeam.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';

/**
 * Invitations not yet accepted: resend (a new link with a new expiry; the old link stops
 * working) or revoke. Expired invitations stay listed, flagged, until resent or revoked.
 */
export function TeamInvitationsPage() {
  const title = usePageTitle();
  const invitations = useTeamInvitations();
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const [revoking, setRevoking] = useState<TeamInvitation | null>(null);
  const [resent, setResent] = useState<string | null>(null);
  const utcOffset = useMe()?.utc_offset ?? 0;
  const rows = invitations.data ?? [];

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Link className="btn btn-outline-secondary" to={pagePath('team')}>
          Back to the team
        </Link>
      </div>
      {resent ? (
        <div className="alert alert-success py-2" role="status">
          A new invitation link was sent to {resent}.
        </div>
      ) : null}
      <FormError error={invitations.error ?? resend.error ?? revoke.error} />
      {invitations.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading invitations…
        </p>
      ) : null}
      {invitations.isSuccess && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          <p>No pending invitations.</p>
          <Link className="btn btn-primary" to={pagePath('team')}>
            Invite a member from the Team page
          </Link>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <Table className="align-middle" aria-busy={invitations.isFetching}>
            <thead>
              <tr>
                <th scope="col">Email</th>
                <th scope="col">Role</th>
                <th scope="col">Permissions</th>
                <th scope="col">Sent</th>
                <th scope="col">Expires</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody data-testid="invitation-rows">
              {rows.map((invitation) => (
                <tr key={invitation.id}>
                  <td>{invitation.email}</td>
                  <td>{invitation.role}</td>
                  <td className="small">
                    {invitation.permissions.length > 0 ? invitation.permissions.join(', ') : 'none'}
                  </td>
                  <td className="small">{userDate(invitation.created_at, utcOffset)}</td>
                  <td className="small">
                    {invitation.expired ? (
                      <span className="badge text-bg-warning">Expired</span>
                    ) : (
                      userDate(invitation.expires_at, utcOffset)
                    )}
                  </td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      disabled={resend.isPending}
                      aria-label={`Resend the invitation to ${invitation.email}`}
                      onClick={() =>
                        resend.mutate(invitation.id, {
                          onSuccess: () => setResent(invitation.email),
                        })
                      }
                    >
                      Resend
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      aria-label={`Revoke the invitation to ${invitation.email}`}
                      onClick={() => setRevoking(invitation)}
                    >
                      Revoke
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}
      <ConfirmDialog
        show={revoking !== null}
        title="Revoke invitation"
        confirmLabel="Revoke"
        danger
        busy={revoke.isPending}
        onCancel={() => setRevoking(null)}
        onConfirm={() =>
          revoking && revoke.mutate(revoking.id, { onSuccess: () => setRevoking(null) })
        }
      >
        Revoke the invitation to <strong>{revoking?.email}</strong>? Its link stops working.
      </ConfirmDialog>
    </>
  );
}
