// What an error report may carry, shared by the server's and the owner app's reporting (decision 0039):
// every string of an event redacted of secrets, every secret key's value dropped.

export const REDACTED = '[redacted]';

/** Keys whose values are never sent, wherever they are in an event. */
const SECRET_KEY = /passw(or)?d|pwd|secret|token|authori[sz]ation|cookie|totp|recovery|^code$|api[-_]?key/i;

/**
 * A secret inside free text: a known secret (the owner app's session token), a bearer credential, a
 * `key=value` or JSON pair of a secret key, an address's query (activation and reset links carry a token
 * there; the path stays).
 */
export const redactText = (text: string, knownSecret?: string | null): string => {
  const redacted = knownSecret && knownSecret.length >= 8 ? text.replaceAll(knownSecret, REDACTED) : text;
  return redacted
    .replace(/\b(Bearer|Basic)\s+[\w.~+/=-]+/gi, `$1 ${REDACTED}`)
    .replace(
      /("(?:password\w*|totp\w*|token|code|recoveryCode\w*|secret)"\s*:\s*)"(?:[^"\\]|\\.)*"/gi,
      `$1"${REDACTED}"`,
    )
    .replace(/\b((?:password\w*|totp\w*|token|code|secret)=)[^&\s"'#]+/gi, `$1${REDACTED}`)
    .replace(/((?:https?:\/\/[^\s/?#"']+)?\/[^\s?#"']*)\?[^\s#"']*/g, '$1');
};

/** Every string of a value redacted, every secret key's value dropped (depth-limited: events are trees). */
export const scrubValue = (value: unknown, knownSecret?: string | null, depth = 0): unknown => {
  if (typeof value === 'string') return redactText(value, knownSecret);
  if (depth > 12 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => scrubValue(item, knownSecret, depth + 1));
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      SECRET_KEY.test(key) && typeof item !== 'object' ? REDACTED : scrubValue(item, knownSecret, depth + 1),
    ]),
  );
};
