import { ThemeChoiceSchema } from '@carta/contract/themes';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../lib/api-client.ts';

export const getThemes = (clubId: string, { signal }: { signal?: AbortSignal } = {}) =>
  apiRequest(`/clubs/${clubId}/themes`, { responseSchema: z.array(ThemeChoiceSchema), signal });

/** Under ['clubs', clubId], so saving a custom theme or a menu refreshes the choices too. */
export const themesQueryOptions = (clubId: string) =>
  queryOptions({
    queryKey: ['clubs', clubId, 'themes'],
    queryFn: ({ signal }) => getThemes(clubId, { signal }),
  });

export const useThemes = (clubId: string) => useQuery(themesQueryOptions(clubId));
