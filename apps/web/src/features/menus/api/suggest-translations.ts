import {
  type TranslationSuggestionRequest,
  TranslationSuggestionsResponseSchema,
} from '@carta/contract/translation-suggestions';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';
import { translationUsageQueryOptions } from './get-translation-usage.ts';

/** POST /clubs/{clubId}/menu/{menuId}/translation-suggestions: suggestions for the missing texts, unsaved. */
export const suggestTranslations = (clubId: string, menuId: string, body: TranslationSuggestionRequest) =>
  apiRequest(`/clubs/${clubId}/menu/${menuId}/translation-suggestions`, {
    method: 'POST',
    body,
    responseSchema: TranslationSuggestionsResponseSchema,
  });

export const useSuggestTranslations = (clubId: string, menuId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TranslationSuggestionRequest) => suggestTranslations(clubId, menuId, body),
    meta: { hasOwnErrorMessage: true },
    // The answer says what is left of the month: the note beside the button shows it at once.
    onSuccess: (answer) =>
      queryClient.setQueryData(translationUsageQueryOptions(clubId).queryKey, answer.usage),
    // A refusal for the allowance means the note is out of date.
    onError: () => queryClient.invalidateQueries({ queryKey: translationUsageQueryOptions(clubId).queryKey }),
  });
};
