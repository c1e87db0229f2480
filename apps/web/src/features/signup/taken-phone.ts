import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

/** The phone field's error type when the phone is registered already: the links to log in show with it. */
export const PHONE_TAKEN = 'phoneTaken';

type WithPhone = FieldValues & { account?: { phone?: string } | undefined };

/**
 * The form's resolver plus the one error its schema cannot know: the phone the server said is registered
 * (docs/decisions/0066) stays refused through every later check of the form (leaving the field, going
 * back), until it is changed. `takenPhone` answers that phone as typed, or null.
 */
export const withTakenPhone =
  <Values extends WithPhone, Context, Output>(
    resolver: Resolver<Values, Context, Output>,
    takenPhone: () => string | null,
  ): Resolver<Values, Context, Output> =>
  async (values, context, options) => {
    const result = await resolver(values, context, options);
    const taken = takenPhone();
    if (taken === null || values.account?.phone !== taken) return result;
    const errors = result.errors as FieldErrors<WithPhone>;
    return {
      values: {},
      errors: {
        ...errors,
        account: { ...errors.account, phone: { type: PHONE_TAKEN, message: 'signup.phoneTaken' } },
      } as FieldErrors<Values>,
    };
  };
