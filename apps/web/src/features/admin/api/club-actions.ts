import { AdminClubSchema, type ClubMessageRequest } from '@carta/contract/admin';
import type { GrantSponsorshipRequest } from '@carta/contract/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

// POST /admin/clubs/{id}/activate, POST .../disable, PATCH /admin/clubs/{id}, PUT and DELETE .../message,
// POST .../sponsorship: every one answers the club as the console lists it.

export type AdminClubAction =
  | { kind: 'activate'; clubId: number }
  | { kind: 'disable'; clubId: number }
  | { kind: 'freeForever'; clubId: number; freeForever: boolean }
  | { kind: 'saveMessage'; clubId: number; message: ClubMessageRequest }
  | { kind: 'clearMessage'; clubId: number }
  | ({ kind: 'sponsorship'; clubId: number } & GrantSponsorshipRequest);

export const runAdminClubAction = (action: AdminClubAction) => {
  const base = `/admin/clubs/${action.clubId}`;
  const options = { responseSchema: AdminClubSchema };
  switch (action.kind) {
    case 'activate':
      return apiRequest(`${base}/activate`, { ...options, method: 'POST' });
    case 'disable':
      return apiRequest(`${base}/disable`, { ...options, method: 'POST' });
    case 'freeForever':
      return apiRequest(base, { ...options, method: 'PATCH', body: { freeForever: action.freeForever } });
    case 'saveMessage':
      return apiRequest(`${base}/message`, { ...options, method: 'PUT', body: action.message });
    case 'clearMessage':
      return apiRequest(`${base}/message`, { ...options, method: 'DELETE' });
    case 'sponsorship':
      return apiRequest(`${base}/sponsorship`, {
        ...options,
        method: 'POST',
        body: { brandId: action.brandId, months: action.months },
      });
  }
};

/** Every admin change refreshes the console's lists (clubs, brands, audit log). */
export const useAdminClubAction = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: runAdminClubAction,
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
};
