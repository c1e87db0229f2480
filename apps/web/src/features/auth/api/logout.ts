import { apiRequest } from '../../../lib/api-client.ts';

/** Revokes the session's token on the server; the caller clears the local session either way. */
export const logout = () => apiRequest('/logout', { method: 'POST' });
