import { TableZoneSchema } from '@carta/contract/entities';
import {
  PreviewResponseSchema,
  type SaveSchedulingsRequest,
  type SaveTablesRequest,
  SchedulingsResponseSchema,
  TablesResponseSchema,
  ZonesResponseSchema,
} from '@carta/contract/tables';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiBlob, apiRequest } from '../../../lib/api-client.ts';

// Tables, zones, schedules and the preview (spec §7 Tables, Schedulings). Keys under ['clubs', clubId].

export const tablesQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'tables'],
    queryFn: ({ signal }) =>
      apiRequest(`/clubs/${clubId}/tables`, { responseSchema: TablesResponseSchema, signal }),
  });
export const useTables = (clubId: string) => useQuery(tablesQueryOptions(clubId));

export const zonesQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'zones'],
    queryFn: ({ signal }) =>
      apiRequest(`/clubs/${clubId}/zones`, { responseSchema: ZonesResponseSchema, signal }),
  });
export const useZones = (clubId: string) => useQuery(zonesQueryOptions(clubId));

export const schedulingsQueryOptions = (clubId: string, menuId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'menus', menuId, 'schedulings'],
    queryFn: ({ signal }) =>
      apiRequest(`/clubs/${clubId}/menu/${menuId}/schedulings`, {
        responseSchema: SchedulingsResponseSchema,
        signal,
      }),
  });
export const useSchedulings = (clubId: string, menuId: string) =>
  useQuery(schedulingsQueryOptions(clubId, menuId));

export const usePreview = (clubId: string, tableId: number | null, day: number, time: string) =>
  useQuery({
    queryKey: ['clubs', clubId, 'preview', tableId, day, time],
    queryFn: ({ signal }) =>
      apiRequest(`/clubs/${clubId}/tables/${tableId}/preview`, {
        query: { day, time },
        responseSchema: PreviewResponseSchema,
        signal,
      }),
    enabled: tableId !== null && /^\d\d:\d\d$/.test(time),
    placeholderData: keepPreviousData,
  });

export const useTableQr = (clubId: string, tableId: number) =>
  useQuery({
    // Outside ['clubs', ...]: a table write must not download every code again.
    queryKey: ['qr', clubId, tableId],
    queryFn: async ({ signal }) =>
      URL.createObjectURL(await apiBlob(`/clubs/${clubId}/tables/${tableId}/qrcode.png`, { signal })),
    staleTime: Number.POSITIVE_INFINITY,
  });

export type TableWrite =
  | { kind: 'saveTables'; body: SaveTablesRequest }
  | { kind: 'deleteTable'; tableId: number }
  | { kind: 'createZone'; name: string }
  | { kind: 'renameZone'; zoneId: number; name: string }
  | {
      kind: 'deleteZone';
      zoneId: number;
      tables?: 'unassign' | 'delete';
      schedulings?: 'everyZone' | 'delete';
    }
  | { kind: 'saveSchedulings'; menuId: number; body: SaveSchedulingsRequest };

const send = (clubId: string, write: TableWrite): Promise<unknown> => {
  const base = `/clubs/${clubId}`;
  switch (write.kind) {
    case 'saveTables':
      return apiRequest(`${base}/tables`, {
        method: 'PUT',
        body: write.body,
        responseSchema: TablesResponseSchema,
      });
    case 'deleteTable':
      return apiRequest(`${base}/tables/${write.tableId}`, { method: 'DELETE' });
    case 'createZone':
      return apiRequest(`${base}/zones`, {
        method: 'POST',
        body: { name: write.name },
        responseSchema: TableZoneSchema,
      });
    case 'renameZone':
      return apiRequest(`${base}/zones/${write.zoneId}`, {
        method: 'PUT',
        body: { name: write.name },
        responseSchema: TableZoneSchema,
      });
    case 'deleteZone':
      return apiRequest(`${base}/zones/${write.zoneId}`, {
        method: 'DELETE',
        query: { tables: write.tables, schedulings: write.schedulings },
      });
    case 'saveSchedulings':
      return apiRequest(`${base}/menu/${write.menuId}/schedulings`, {
        method: 'PUT',
        body: write.body,
        responseSchema: SchedulingsResponseSchema,
      });
  }
};

export const useTableWrite = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (write: TableWrite) => send(clubId, write),
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['clubs', clubId] }),
  });
};
