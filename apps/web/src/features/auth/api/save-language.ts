import type { Language } from '@carta/contract/limits';
import { apiRequest } from '../../../lib/api-client.ts';

/** Emails go out in the owner's language: the server keeps the last one chosen. */
export const saveLanguage = (language: Language) =>
  apiRequest('/users/language', { method: 'POST', body: { language } });
