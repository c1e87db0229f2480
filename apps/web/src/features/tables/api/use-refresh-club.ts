import { useQueryClient } from '@tanstack/react-query';

/** After a write to tables, zones or schedules: everything under the club, since they show in each other. */
export const useRefreshClub = (clubId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] });
};
