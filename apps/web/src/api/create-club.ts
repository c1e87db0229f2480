import { type CreateClubRequestSchema, CreateClubResponseSchema } from '@carta/contract/clubs';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';
import { ownedClubsQueryOptions } from './get-owned-clubs.ts';

export type CreateClubRequest = z.output<typeof CreateClubRequestSchema>;

export const createClub = (body: CreateClubRequest) =>
  apiRequest('/clubs', { method: 'POST', body, responseSchema: CreateClubResponseSchema });

export const useCreateClub = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createClub,
    // The form places every failure on its field.
    meta: { hasOwnErrorMessage: true },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownedClubsQueryOptions().queryKey }),
  });
};
