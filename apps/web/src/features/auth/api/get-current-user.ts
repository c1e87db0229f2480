import { CurrentUserSchema } from '@carta/contract/accounts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client.ts';

export const getCurrentUser = ({ signal }: { signal?: AbortSignal } = {}) =>
  apiRequest('/users/me', { responseSchema: CurrentUserSchema, signal });

export const currentUserQueryOptions = () =>
  queryOptions({ queryKey: ['users', 'me'], queryFn: ({ signal }) => getCurrentUser({ signal }) });

export const useCurrentUser = () => useQuery(currentUserQueryOptions());
