import type { Invitation, Member, MemberRole, MembersResponse } from '@carta/contract/members';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteInvitation } from './api/delete-invitation.ts';
import { useDeleteMember } from './api/delete-member.ts';
import { membersQueryOptions, useMembers } from './api/get-members.ts';
import { useUpdateMemberRole } from './api/update-member-role.ts';
import { contactOf, fullName } from './member-list.ts';

/** What the owner asked to confirm: someone's removal or an invitation's withdrawal. */
export type PendingConfirmation =
  | { kind: 'remove'; member: Member }
  | { kind: 'withdraw'; invitation: Invitation };

/**
 * The people screen's data and changes: a role changes at once on screen, then on the server (its answer,
 * or the refusal, puts the list right); removing and withdrawing wait for a confirmation.
 */
export const useMembersScreen = (clubId: string) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const members = useMembers(clubId);
  const updateRole = useUpdateMemberRole(clubId);
  const removeMember = useDeleteMember(clubId);
  const withdrawInvitation = useDeleteInvitation(clubId);
  const runUpdateRole = useMutationWithToast(updateRole);
  const runRemove = useMutationWithToast(removeMember);
  const runWithdraw = useMutationWithToast(withdrawInvitation);
  const [confirming, setConfirming] = useState<PendingConfirmation | null>(null);

  const changeRole = (member: Member, role: MemberRole) => {
    if (member.role === role) return;
    queryClient.setQueryData<MembersResponse>(
      membersQueryOptions(clubId).queryKey,
      (current) =>
        current && {
          ...current,
          members: current.members.map((one) =>
            one.accountId === member.accountId ? { ...one, role } : one,
          ),
        },
    );
    void runUpdateRole(
      { accountId: member.accountId, role },
      t('members.roleChanged', { name: fullName(member), role: t(`members.roles.${role}`) }),
    );
  };

  const confirm = async () => {
    if (!confirming) return;
    const failure =
      confirming.kind === 'remove'
        ? await runRemove(
            confirming.member.accountId,
            t('members.removed', { name: fullName(confirming.member) }),
          )
        : await runWithdraw(confirming.invitation.id, t('members.withdrawn'));
    // Done: the dialog closes. Refused: it stays, with the toast saying why.
    if (failure === null) setConfirming(null);
  };

  return {
    members,
    changeRole,
    confirming,
    askToRemove: (member: Member) => setConfirming({ kind: 'remove', member }),
    askToWithdraw: (invitation: Invitation) => setConfirming({ kind: 'withdraw', invitation }),
    cancelConfirmation: () => setConfirming(null),
    confirm,
    isConfirming: removeMember.isPending || withdrawInvitation.isPending,
    /** The words of the confirmation asked for, in the club's name. */
    confirmationOf: (clubName: string) => {
      if (!confirming) return null;
      if (confirming.kind === 'remove') {
        const name = fullName(confirming.member);
        return {
          title: t('members.removeTitle', { name }),
          text: t('members.removeText', { club: clubName }),
          confirmLabel: t('members.remove'),
        };
      }
      const contact = contactOf(confirming.invitation);
      return {
        title: t('members.withdrawTitle'),
        text: t('members.withdrawText', { contact }),
        confirmLabel: t('members.withdraw'),
      };
    },
  };
};
