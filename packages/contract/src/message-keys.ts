// Message keys and their parameters, apart from the catalogues: a client that only reads or writes keys
// (the owner app's i18n, the contract's schemas) does not carry the texts of every language with it.

/**
 * Validation messages travel as keys so each app shows them in its own language. A key may carry
 * parameters (`validation.tooLong?max=100`): zod only keeps a string per issue, so they ride in it.
 */
export type MessageKey = { key: string; params: Record<string, string> };

export const messageKey = (key: string, params: Record<string, string | number> = {}): string => {
  const query = new URLSearchParams(Object.entries(params).map(([name, value]) => [name, String(value)]));
  const encoded = query.toString();
  return encoded ? `${key}?${encoded}` : key;
};

export const parseMessageKey = (message: string): MessageKey => {
  const [key = message, query = ''] = message.split('?', 2);
  return { key, params: Object.fromEntries(new URLSearchParams(query)) };
};
