import { Secret, TOTP } from 'otpauth';

const ISSUER = 'Carta';
const PERIOD_SECONDS = 30;

export const newTotpSecret = () => new Secret({ size: 20 }).base32;

const totpFor = (secret: string, label: string) =>
  new TOTP({ issuer: ISSUER, label, secret: Secret.fromBase32(secret), digits: 6, period: PERIOD_SECONDS });

/**
 * The enrolment an authenticator app scans: the base32 secret and its otpauth:// URI naming Carta and the
 * phone (canonical, `+393337654321`).
 */
export const totpEnrolment = (secret: string, phone: string) => ({
  secret,
  otpauthUri: totpFor(secret, phone).toString(),
});

export const currentTotpStep = (now = Date.now()) => Math.floor(now / 1000 / PERIOD_SECONDS);

/**
 * The time step a code belongs to (current one, or one step of drift either way), or null when it is
 * wrong. The caller refuses a step at or before the last one used, so a code is never accepted twice.
 */
export const matchTotpStep = (secret: string, code: string, now = Date.now()): number | null => {
  const delta = totpFor(secret, 'check').validate({ token: code, timestamp: now, window: 1 });
  return delta === null ? null : currentTotpStep(now) + delta;
};

export const generateTotp = (secret: string, now = Date.now()) =>
  totpFor(secret, 'code').generate({ timestamp: now });
