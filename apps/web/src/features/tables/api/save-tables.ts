import { type SaveTablesRequest, TablesResponseSchema } from '@carta/contract/tables';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { useRefreshClub } from './use-refresh-club.ts';

/** PUT /clubs/{clubId}/tables: creates or changes tables, one by one or as a numbered range. */
export const saveTables = (clubId: string, body: SaveTablesRequest) =>
  apiRequest(`/clubs/${clubId}/tables`, { method: 'PUT', body, responseSchema: TablesResponseSchema });

export const useSaveTables = (clubId: string) => {
  const refresh = useRefreshClub(clubId);
  return useMutation({
    mutationFn: (body: SaveTablesRequest) => saveTables(clubId, body),
    meta: { hasOwnErrorMessage: true },
    onSuccess: refresh,
  });
};
