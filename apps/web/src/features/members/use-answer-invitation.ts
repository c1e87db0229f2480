import type { MyInvitation } from '@carta/contract/members';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { homeSectionOf } from '../../lib/home-section.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useAnswerMyInvitation } from './api/answer-invitation.ts';

/** Accepting an invitation shown in the app opens the club where the role starts; declining only says so. */
export const useAnswerInvitation = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const answer = useAnswerMyInvitation();
  const run = useMutationWithToast(answer);
  return {
    isAnswering: (invitation: MyInvitation) =>
      answer.isPending && answer.variables?.invitationId === invitation.id,
    answer: async (invitation: MyInvitation, isAccepting: boolean) => {
      const club = invitation.clubName;
      const failure = await run(
        { invitationId: invitation.id, isAccepting },
        t(isAccepting ? 'members.invitation.welcome' : 'members.mine.declined', { club }),
      );
      if (failure === null && isAccepting)
        await navigate(`/clubs/${invitation.clubId}/${homeSectionOf(invitation.role)}`);
    },
  };
};
