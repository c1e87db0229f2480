import { useQuery } from '@tanstack/react-query';
import { clubQueryOptions } from '../../../api/get-club.ts';

/** Whether the club is on a Smart plan (undefined while loading): Free clubs have limits to show. */
export const useClubPlan = (clubId: string) =>
  useQuery({ ...clubQueryOptions(clubId), select: (club) => club.plan.isSmart }).data;
