import { PhoneDuplicatesResponseSchema } from '@carta/contract/admin';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const phoneDuplicatesQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'phone-duplicates'],
    queryFn: ({ signal }) =>
      apiRequest('/admin/phone-duplicates', { responseSchema: PhoneDuplicatesResponseSchema, signal }),
  });

export const usePhoneDuplicates = () => useQuery(phoneDuplicatesQueryOptions());
