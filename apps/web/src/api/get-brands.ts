import { BrandSchema } from '@carta/contract/clubs';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

export const brandsQueryOptions = () =>
  queryOptions({
    queryKey: ['brands'],
    queryFn: ({ signal }) => apiRequest('/brands', { responseSchema: z.array(BrandSchema), signal }),
  });

export const useBrands = () => useQuery(brandsQueryOptions());
