import { readFileSync } from 'node:fs';
import { hash, verify } from '@node-rs/argon2';

// argon2id with the OWASP-recommended minimum (19 MiB, 2 passes, 1 lane): about 100 ms on our machines.
const ARGON2_OPTIONS = { memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

export const verifyPassword = async (passwordHash: string, password: string) => {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
};

/**
 * A hash to verify against when the phone is unknown, so that a wrong phone takes as long as a wrong
 * password and the timing does not tell which one was wrong.
 */
let decoyHash: Promise<string> | undefined;
export const decoyPasswordHash = () => {
  decoyHash ??= hashPassword('decoy-password-never-used-1!');
  return decoyHash;
};

/**
 * The 10 000 most common passwords (from the zxcvbn-ts common list, lower-cased). A password is refused
 * when, lower-cased and without the special characters our rule requires, it is one of them: "Password1!"
 * is as weak as "password1".
 */
const COMMON_PASSWORDS = new Set(
  readFileSync(new URL('./common-passwords.txt', import.meta.url), 'utf8')
    .split('\n')
    .filter(Boolean),
);

export const isCommonPassword = (password: string) =>
  COMMON_PASSWORDS.has(password.toLowerCase()) ||
  COMMON_PASSWORDS.has(password.toLowerCase().replace(/[!$@%]/g, ''));
