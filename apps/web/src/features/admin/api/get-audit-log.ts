import { AuditPageSchema } from '@carta/contract/admin';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const auditLogQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['admin', 'audit', page, pageSize],
    queryFn: ({ signal }) =>
      apiRequest('/admin/audit', { query: { page, pageSize }, responseSchema: AuditPageSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useAuditLog = (page: number, pageSize: number) => useQuery(auditLogQueryOptions(page, pageSize));
