import { PaymentMethodSchema } from '@carta/contract/billing';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { clubPath } from './club-path.ts';
import { paymentMethodsQueryOptions } from './get-payment-methods.ts';

/** PUT /clubs/{clubId}/payment-methods/{paymentMethodId}/primary: renewals charge this card from now on. */
export const makePrimaryPaymentMethod = (clubId: string, paymentMethodId: number) =>
  apiRequest(`${clubPath(clubId)}/payment-methods/${paymentMethodId}/primary`, {
    method: 'PUT',
    responseSchema: z.array(PaymentMethodSchema),
  });

export const useMakePrimaryPaymentMethod = (clubId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paymentMethodId: number) => makePrimaryPaymentMethod(clubId, paymentMethodId),
    meta: { hasOwnErrorMessage: true },
    onSuccess: (methods) => queryClient.setQueryData(paymentMethodsQueryOptions(clubId).queryKey, methods),
  });
};
