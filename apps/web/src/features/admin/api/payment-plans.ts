import {
  AdminPaymentPlanSchema,
  type CreatePaymentPlanRequest,
  type UpdatePaymentPlanRequest,
} from '@carta/contract/billing';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';

// GET and POST /admin/payment-plans, PATCH /admin/payment-plans/{id}.

export const adminPaymentPlansQueryOptions = () =>
  queryOptions({
    queryKey: ['admin', 'payment-plans'],
    queryFn: ({ signal }) =>
      apiRequest('/admin/payment-plans', { responseSchema: z.array(AdminPaymentPlanSchema), signal }),
  });

export const useAdminPaymentPlans = () => useQuery(adminPaymentPlansQueryOptions());

export const createPaymentPlan = (body: CreatePaymentPlanRequest) =>
  apiRequest('/admin/payment-plans', { method: 'POST', body, responseSchema: AdminPaymentPlanSchema });

export const updatePaymentPlan = ({
  paymentPlanId,
  ...body
}: UpdatePaymentPlanRequest & { paymentPlanId: number }) =>
  apiRequest(`/admin/payment-plans/${paymentPlanId}`, {
    method: 'PATCH',
    body,
    responseSchema: AdminPaymentPlanSchema,
  });

const useInvalidatingMutation = <Variables, Result>(
  mutationFn: (variables: Variables) => Promise<Result>,
) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    meta: { hasOwnErrorMessage: true },
    // Owners' plan screens read the catalogue too.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['admin'] }),
  });
};

export const useCreatePaymentPlan = () => useInvalidatingMutation(createPaymentPlan);
export const useUpdatePaymentPlan = () => useInvalidatingMutation(updatePaymentPlan);
