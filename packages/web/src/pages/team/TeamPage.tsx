import {
  KNOWN_PERMISSIONS,
  pagePath,
  TEAM_ROLE_MAX_LENGTH,
  type TeamMember,
  type TeamPermission,
  userDate,
} from '@printloom/core';
import { type FormEvent, useId, useMemo, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Table from 'react-bootstrap/Table';
import { Link } from 'react-router';
import { useMe } from '../../api/hooks/useAuth.js';
import { useStores } from '../../api/hooks/useStores.js';
import {
  useInviteMember,
  useRemoveMember,
  useTeamMembers,
  useUpdateMember,
} from '../../api/hooks/useTeam.js';
import { ConfirmDialog } from '../../lists/ConfirmDialog.js';
import { GenericModal } from '../../shell/GenericModal.js';
import { FormError } from '../auth/FormError.js';
import { usePageTitle } from '../usePageTitle.js';
import { type MemberAccess, PermissionEditor, type StoreChoice } from './PermissionEditor.js';

/** Permissions a member row holds that the editor knows (older names are kept as they are). */
const editable = (member: TeamMember): TeamPermission[] =>
  member.permissions.filter((p): p is TeamPermission => PERMISSION_NAMES.has(p));
const PERMISSION_NAMES: ReadonlySet<string> = new Set(KNOWN_PERMISSIONS);

function storeNames(ids: number[] | null, stores: readonly StoreChoice[]): string {
  if (ids === null) return 'Every store';
  if (ids.length === 0) return 'No store';
  return ids.map((id) => stores.find((s) => s.id === id)?.name ?? `#${id}`).join(', ');
}

/**
 * Team (spec §6 authorized accounts): the people acting for this account, what each may do and
 * on which stores. Inviting sends a mail with a link that expires; editing takes effect on the
 * member's next request; removing ends their access at once.
 */
export function TeamPage() {
  const title = usePageTitle();
  const members = useTeamMembers();
  const storesQuery = useStores();
  const stores = useMemo<StoreChoice[]>(
    () => (storesQuery.data ?? []).map((s) => ({ id: s.id, name: s.name })),
    [storesQuery.data],
  );
  const [inviting, setInviting] = useState(false);
  const [editing, setEditing] = useState<TeamMember | null>(null);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const remove = useRemoveMember();
  const rows = members.data ?? [];
  const utcOffset = useMe()?.utc_offset ?? 0;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0 me-auto">{title}</h1>
        <Link className="btn btn-outline-secondary" to={pagePath('team_invitations')}>
          Pending invitations
        </Link>
        <Link className="btn btn-outline-secondary" to={pagePath('team_activity')}>
          Activity
        </Link>
        <Button onClick={() => setInviting(true)}>Invite a member</Button>
      </div>
      <p className="text-body-secondary" style={{ maxWidth: 720 }}>
        Team members sign in with their own account and use <em>Switch Account</em> to act for this
        one, with only the permissions and stores you give them.
      </p>

      <FormError error={members.error ?? remove.error} />
      {members.isPending ? (
        <p className="text-body-secondary" role="status">
          Loading the team…
        </p>
      ) : null}
      {members.isSuccess && rows.length === 0 ? (
        <div className="text-center py-5" data-testid="list-empty">
          <p>No team members yet.</p>
          <Button onClick={() => setInviting(true)}>Invite your first member</Button>
        </div>
      ) : null}
      {rows.length > 0 ? (
        <div className="table-responsive">
          <Table className="align-middle" aria-busy={members.isFetching}>
            <thead>
              <tr>
                <th scope="col">Member</th>
                <th scope="col">Role</th>
                <th scope="col">Permissions</th>
                <th scope="col">Stores</th>
                <th scope="col">Since</th>
                <th scope="col">
                  <span className="visually-hidden">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody data-testid="team-rows">
              {rows.map((member) => (
                <tr key={member.id}>
                  <td>
                    <div>{member.name}</div>
                    <div className="small text-body-secondary">{member.email}</div>
                  </td>
                  <td>{member.role}</td>
                  <td className="small">
                    {member.permissions.length > 0 ? member.permissions.join(', ') : 'none'}
                  </td>
                  <td className="small">{storeNames(member.store_ids, stores)}</td>
                  <td className="small">{userDate(member.created_at, utcOffset)}</td>
                  <td className="text-end text-nowrap">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      className="me-2"
                      onClick={() => setEditing(member)}
                      aria-label={`Edit ${member.name}`}
                    >
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="outline-danger"
                      onClick={() => setRemoving(member)}
                      aria-label={`Remove ${member.name}`}
                    >
                      Remove
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </div>
      ) : null}

      <InviteDialog show={inviting} stores={stores} onClose={() => setInviting(false)} />
      {editing ? (
        <EditDialog member={editing} stores={stores} onClose={() => setEditing(null)} />
      ) : null}
      <ConfirmDialog
        show={removing !== null}
        title="Remove member"
        confirmLabel="Remove"
        danger
        busy={remove.isPending}
        onCancel={() => setRemoving(null)}
        onConfirm={() =>
          removing && remove.mutate(removing.id, { onSuccess: () => setRemoving(null) })
        }
      >
        Remove <strong>{removing?.name}</strong> ({removing?.email})? Their access to this account
        ends at once.
      </ConfirmDialog>
    </>
  );
}

function InviteDialog({
  show,
  stores,
  onClose,
}: {
  show: boolean;
  stores: readonly StoreChoice[];
  onClose: () => void;
}) {
  const invite = useInviteMember();
  const emailId = useId();
  const roleId = useId();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState('');
  const [access, setAccess] = useState<MemberAccess>({ permissions: [], store_ids: null });
  const [sent, setSent] = useState<string | null>(null);
  const close = () => {
    invite.reset();
    setSent(null);
    onClose();
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(
      { email, role, permissions: access.permissions, store_ids: access.store_ids },
      {
        onSuccess: (answer) => {
          setSent(answer.email);
          setEmail('');
          setRole('');
          setAccess({ permissions: [], store_ids: null });
        },
      },
    );
  };
  return (
    <GenericModal id="invite-member" show={show} title="Invite a member" size="lg" onHide={close}>
      <Form onSubmit={submit}>
        {sent ? (
          <div className="alert alert-success py-2" role="status">
            Invitation sent to {sent}. The link expires in 7 days.
          </div>
        ) : null}
        <FormError error={invite.error} />
        <Form.Group className="mb-3" controlId={emailId}>
          <Form.Label>Email</Form.Label>
          <Form.Control
            type="email"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            required
          />
        </Form.Group>
        <Form.Group className="mb-3" controlId={roleId}>
          <Form.Label>Role</Form.Label>
          <Form.Control
            value={role}
            maxLength={TEAM_ROLE_MAX_LENGTH}
            placeholder="e.g. Customer support"
            onChange={(event) => setRole(event.target.value)}
            required
          />
        </Form.Group>
        <PermissionEditor value={access} stores={stores} onChange={setAccess} idPrefix="invite" />
        <div className="d-flex gap-2 justify-content-end">
          <Button variant="outline-secondary" onClick={close}>
            Close
          </Button>
          <Button type="submit" disabled={invite.isPending}>
            Send invitation
          </Button>
        </div>
      </Form>
    </GenericModal>
  );
}

function EditDialog({
  member,
  stores,
  onClose,
}: {
  member: TeamMember;
  stores: readonly StoreChoice[];
  onClose: () => void;
}) {
  const update = useUpdateMember();
  const [access, setAccess] = useState<MemberAccess>({
    permissions: editable(member),
    store_ids: member.store_ids,
  });
  return (
    <GenericModal
      id="edit-member"
      show
      title={`Edit ${member.name}`}
      size="lg"
      onHide={onClose}
      footer={
        <>
          <Button variant="outline-secondary" onClick={onClose}>
            Cancel
          </Button>
          <Button
            disabled={update.isPending}
            onClick={() => update.mutate({ id: member.id, body: access }, { onSuccess: onClose })}
          >
            Save
          </Button>
        </>
      }
    >
      <FormError error={update.error} />
      <p className="small text-body-secondary">Changes apply from {member.name}'s next request.</p>
      <PermissionEditor value={access} stores={stores} onChange={setAccess} idPrefix="edit" />
    </GenericModal>
  );
}
