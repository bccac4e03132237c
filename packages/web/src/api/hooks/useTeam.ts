import type {
  AcceptInvitationBody,
  AuditLogQueryInput,
  TeamInvitationBodyInput,
  TeamMemberUpdateBody,
} from '@printloom/core';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../client.js';
import { queryKeys } from '../queryKeys.js';

/** The members acting for the seller, with permissions and store limits. */
export function useTeamMembers() {
  return useQuery({ queryKey: queryKeys.team.members(), queryFn: () => api.team.members() });
}

/** Invitations neither accepted nor revoked, newest first. */
export function useTeamInvitations() {
  return useQuery({
    queryKey: queryKeys.team.invitations(),
    queryFn: () => api.team.invitations(),
  });
}

/** One page of who acted for the seller (owner, members, support), newest first. */
export function useAuditLog(query: AuditLogQueryInput) {
  return useQuery({
    queryKey: queryKeys.team.auditLog(query),
    queryFn: () => api.team.auditLog({ query }),
    placeholderData: keepPreviousData,
  });
}

function useTeamMutation<V, R>(fn: (variables: V) => Promise<R>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.team.all }),
  });
}

export function useInviteMember() {
  return useTeamMutation((body: TeamInvitationBodyInput) => api.team.invite({ body }));
}

export function useResendInvitation() {
  return useTeamMutation((id: number) => api.team.resendInvitation({ params: { id } }));
}

export function useRevokeInvitation() {
  return useTeamMutation((id: number) => api.team.revokeInvitation({ params: { id } }));
}

export function useUpdateMember() {
  return useTeamMutation(({ id, body }: { id: number; body: TeamMemberUpdateBody }) =>
    api.team.updateMember({ params: { id }, body }),
  );
}

export function useRemoveMember() {
  return useTeamMutation((id: number) => api.team.removeMember({ params: { id } }));
}

/** Accepting an invitation from its mailed link (no session needed). */
export function useAcceptInvitation() {
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => api.team.acceptInvitation({ body }),
  });
}
