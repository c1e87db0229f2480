import { SandboxConfirmSetupRequestSchema } from '@carta/contract/billing';
import { z } from 'zod';

const { shape } = SandboxConfirmSetupRequestSchema;

/** A form's text as a number for the contract's fields: empty is missing, the rest is read as written. */
const asNumber = (value: unknown) =>
  typeof value === 'string' ? (value.trim() === '' ? undefined : Number(value.trim())) : value;
/** "27" is 2027: cards print the year in two digits. */
const asYear = (value: unknown) => {
  const number = asNumber(value);
  return typeof number === 'number' && number >= 0 && number < 100 ? 2000 + number : number;
};

/**
 * The sandbox's card form: the contract's request without the secret (the form does not hold it), the
 * expiry typed as text, and an expired card refused before it is sent.
 */
export const SandboxCardFormSchema = SandboxConfirmSetupRequestSchema.omit({ clientSecret: true })
  .extend({
    expMonth: z.preprocess(asNumber, shape.expMonth),
    expYear: z.preprocess(asYear, shape.expYear),
  })
  .refine(
    ({ expMonth, expYear }) => {
      const now = new Date();
      return expYear * 12 + expMonth >= now.getFullYear() * 12 + now.getMonth() + 1;
    },
    { path: ['expYear'], message: 'validation.cardExpired' },
  );

/** The contract's card fields carry their own message keys; the other rules read as one of these. */
export const cardIssueMessage = (issue: { input?: unknown }) =>
  issue.input === undefined ? 'validation.required' : 'validation.invalid';
