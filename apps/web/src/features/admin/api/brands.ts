import { AdminBrandSchema, type CreateBrandRequest, type UpdateBrandRequest } from '@carta/contract/admin';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// GET and POST /admin/brands, PATCH /admin/brands/{id}.

export const adminBrandsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'brands'],
    queryFn: ({ signal }) =>
      apiRequest('/admin/brands', { responseSchema: z.array(AdminBrandSchema), signal }),
  });

export const useAdminBrands = () => useQuery(adminBrandsQueryOptions());

export const saveBrand = ({
  brandId,
  ...body
}: (CreateBrandRequest | UpdateBrandRequest) & { brandId?: number }) =>
  brandId
    ? apiRequest(`/admin/brands/${brandId}`, { method: 'PATCH', body, responseSchema: AdminBrandSchema })
    : apiRequest('/admin/brands', { method: 'POST', body, responseSchema: AdminBrandSchema });

export const useSaveBrand = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveBrand,
    meta: { hasOwnErrorMessage: true },
    // The public brand list (sign-up) changes too.
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ['admin'] }),
        queryClient.invalidateQueries({ queryKey: ['brands'] }),
      ]),
  });
};
