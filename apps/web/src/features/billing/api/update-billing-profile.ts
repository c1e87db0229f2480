import type { UpdateClubRequestSchema } from '@carta/contract/clubs';
import { ClubDetailsSchema } from '@carta/contract/entities';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { clubQueryOptions } from '../../../api/get-club.ts';
import { ownedClubsQueryOptions } from '../../../api/get-owned-clubs.ts';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';
import { paymentPlansQueryOptions } from './get-payment-plans.ts';

export type BillingProfileRequest = Pick<
  z.output<typeof UpdateClubRequestSchema>,
  'companyName' | 'vatNumber' | 'billingAddress' | 'sdiCode' | 'pec' | 'fiscalCode'
>;

/**
 * PATCH /clubs/{clubId} with the club's billing fields: company name, VAT number, billing address, and
 * FatturaPA's recipient code, PEC and codice fiscale; answers the club with its VIES check.
 */
export const updateBillingProfile = (clubId: string, body: BillingProfileRequest) =>
  apiRequest(clubPath(clubId), { method: 'PATCH', body, responseSchema: ClubDetailsSchema });

export const useUpdateBillingProfile = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BillingProfileRequest) => updateBillingProfile(clubId, body),
    // The form places every failure on its field.
    meta: { hasOwnErrorMessage: true },
    onSuccess: (club) => {
      queryClient.setQueryData(clubQueryOptions(clubId).queryKey, club);
      return Promise.all([
        queryClient.invalidateQueries({ queryKey: ownedClubsQueryOptions().queryKey, exact: true }),
        // The billing country and VAT number set the prices: VAT, or reverse charge.
        queryClient.invalidateQueries({ queryKey: paymentPlansQueryOptions(clubId).queryKey }),
        queryClient.invalidateQueries({ queryKey: ['clubs', clubId, 'payments', 'current'] }),
      ]);
    },
  });
};
