import { expect, vi } from 'vitest';
import { confirmSignUp, present, type TestContext, uniqueAddress, uniquePhone } from './helpers.ts';

// The steps the accounts-*.test.ts files share: a sign-up as the web app sends it, its first code, the
// activation link, and logins, each owner from an address of its own.

export const PASSWORD = 'Tavolo7$Blu';
/** A password that passes the rules but is not the account's. */
export const WRONG = 'Tavolo7$Ross';
/** One authenticator step: a code lasts 30 s. */
export const STEP_MS = 30_000;
export const english = { 'accept-language': 'en' };

/** The token in an emailed link (activation, password reset). */
export const linkToken = (link: string | undefined) =>
  present(new URL(present(link, 'a link in the email')).searchParams.get('token'), 'a token in the link');

/** Each owner logs in from its own address: the per-address limit must not tie tests together. */
export const addressOf = (phone: string) =>
  `10.${Number(phone.slice(-6, -4))}.${Number(phone.slice(-4, -2))}.${Number(phone.slice(-2))}`;

/** Sign-up, activation and login as requests to the file's app. */
export const accountSteps = (context: TestContext) => {
  const signUp = async (overrides: Record<string, unknown> = {}) => {
    const phone = uniquePhone();
    const response = await context.app.inject({
      method: 'POST',
      url: '/api/v1/users',
      headers: english,
      // Each sign-up from its own address: one address may sign up only a few times an hour.
      remoteAddress: uniqueAddress(),
      payload: {
        name: 'Lucia',
        lastName: 'Verdi',
        email: `lucia.${phone}@example.com`,
        phone: `+${phone.slice(0, 2)} ${phone.slice(2)}`,
        password: PASSWORD,
        passwordTwo: PASSWORD,
        language: 'en',
        ...overrides,
      },
    });
    return { phone, response };
  };

  /** The sign-up's last step: its first code, which sends the activation email (0066). */
  const confirmed = async (phone: string, response: { json: () => { enrolment: { secret: string } } }) =>
    confirmSignUp(context.app, {
      username: phone,
      password: PASSWORD,
      secret: response.json().enrolment.secret,
    });

  /** Signs up, confirms the first code and follows the activation link; answers phone and secret. */
  const activeOwner = async () => {
    const { phone, response } = await signUp();
    expect(response.statusCode).toBe(201);
    await confirmed(phone, response);
    const mail = context.mailer.sent.findLast((message) => message.to.includes(phone));
    const activation = await context.app.inject({
      method: 'GET',
      url: `/api/v1/users/activate?token=${linkToken(mail?.link)}`,
    });
    expect(activation.json()).toEqual({ outcome: 'activated' });
    return { phone, secret: response.json().enrolment.secret as string };
  };

  const login = (phone: string, password: string, totp: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: english,
      remoteAddress: addressOf(phone.replace(/\D/g, '')),
      payload: { username: phone, password, totp },
    });

  /** A login from the address given, for the tests of the per-account and per-address limits. */
  const loginFrom = (remoteAddress: string, phone: string, password: string, totp: string) =>
    context.app.inject({
      method: 'POST',
      url: '/api/v1/login',
      headers: english,
      remoteAddress,
      payload: { username: phone, password, totp },
    });

  return { signUp, confirmed, activeOwner, login, loginFrom };
};

/** Runs `body` with the server's clock (Date) in the test's hands, starting from now. */
export const withClock = async (body: (advance: (seconds: number) => void) => Promise<void>) => {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(Date.now());
  try {
    await body((seconds) => vi.setSystemTime(Date.now() + seconds * 1000));
  } finally {
    vi.useRealTimers();
  }
};

/** The club part of POST /clubs, as the sign-up form sends it. */
export const clubForm = (overrides: Record<string, unknown> = {}) => ({
  name: 'Osteria del Ponte',
  seats: 45,
  address: { country: 'IT', line1: 'Via del Ponte 3', postalCode: '37121', city: 'Verona', state: 'VR' },
  brandId: null,
  companyName: 'Ponte srl',
  vatNumber: 'IT00743110157',
  ...overrides,
});

/** The account part of POST /clubs, for a club signed up without a token. */
export const accountForm = (phone: string) => ({
  name: 'Paolo',
  lastName: 'Neri',
  email: `paolo.${phone}@example.com`,
  phone,
  password: PASSWORD,
  passwordTwo: PASSWORD,
  language: 'it',
});
