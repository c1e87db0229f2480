import { MembersResponseSchema } from '@carta/contract/members';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /clubs/{clubId}/members: the club's people, owner first, and its invitations waiting for an answer. */
export const getMembers = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/members`, { responseSchema: MembersResponseSchema, signal });

/** Under ['clubs', clubId]: handing the club over or a role's change refreshes the club too. */
export const membersQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'members'],
    queryFn: ({ signal }) => getMembers(clubId, { signal }),
  });

export const useMembers = (clubId: string) => useQuery(membersQueryOptions(clubId));
