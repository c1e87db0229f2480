import { TranslationUsageSchema } from '@carta/contract/translation-suggestions';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

/** GET /clubs/{clubId}/translation-suggestions/usage: this month's suggested characters and the allowance. */
export const getTranslationUsage = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/translation-suggestions/usage`, {
    responseSchema: TranslationUsageSchema,
    signal,
  });

export const translationUsageQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'translation-usage'],
    queryFn: ({ signal }) => getTranslationUsage(clubId, { signal }),
    // The note beside the button falls back to saying nothing: no toast for it.
    meta: { hasOwnErrorMessage: true },
  });

/** Asked only when suggestions are offered (the provider is on and the role may edit menus). */
export const useTranslationUsage = (clubId: string, isEnabled: boolean) =>
  useQuery({ ...translationUsageQueryOptions(clubId), enabled: isEnabled });
