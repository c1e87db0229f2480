import { useQueryClient } from '@tanstack/react-query';

/** After any write to a club's menus: the lists, the open menu and the club's counts. */
export const useRefreshMenus = (clubId: string) => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] });
};
