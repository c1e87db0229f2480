import { ClubDetailsSchema } from '@carta/contract/entities';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** Whether the club is on a Smart plan (undefined while loading): Free clubs have limits to show. */
export const useClubPlan = (clubId: string) =>
  useQuery({
    // The same key and answer as the club's details elsewhere in the app.
    queryKey: ['clubs', clubId],
    queryFn: ({ signal }) => apiRequest(`/clubs/${clubId}`, { responseSchema: ClubDetailsSchema, signal }),
    select: (club) => club.plan.isSmart,
  }).data;
