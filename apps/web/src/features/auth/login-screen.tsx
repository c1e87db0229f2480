import type { LoginRequestSchema } from '@carta/contract/accounts';
import { TOTP_DIGITS } from '@carta/contract/limits';
import VisibilityOffOutlined from '@mui/icons-material/VisibilityOffOutlined';
import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useLocation, useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormHeader } from '../../components/form-header.tsx';
import { phonePrefixSlot } from '../../components/phone-prefix.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { translateMessageKey } from '../../lib/i18n.ts';
import { saveSession, useSession } from '../../lib/session-store.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { whenIdle } from '../../lib/when-idle.ts';
import { type LoginRequest, useLogin, useResendActivation } from './api/login.ts';
import { landingPath } from './landing-path.ts';

type LoginFormInput = z.input<typeof LoginRequestSchema>;

// The login form checks what the server checks, from the same schema. The login is many people's first
// page, and zod with the contract's schemas would weigh more than the form itself on its first load: they
// load once the page is idle, well before anyone can submit, and the resolver waits for them if needed.
const loadSchemas = () => import('@carta/contract/accounts');
// Only an owner whose authenticator support reset needs it: kept out of the login's first load.
const NewAuthenticator = lazy(() =>
  import('./new-authenticator.tsx').then((module) => ({ default: module.NewAuthenticator })),
);
let loginResolver: Promise<Resolver<LoginFormInput, unknown, LoginRequest>> | undefined;
const loadLoginResolver = () => {
  loginResolver ??= Promise.all([import('@hookform/resolvers/zod'), loadSchemas()]).then(
    ([{ zodResolver }, { LoginRequestSchema }]) => zodResolver(LoginRequestSchema),
  );
  // A chunk that failed to load is asked for again on the next try.
  loginResolver.catch(() => {
    loginResolver = undefined;
  });
  return loginResolver;
};
const resolveLogin: Resolver<LoginFormInput, unknown, LoginRequest> = async (values, context, options) =>
  (await loadLoginResolver())(values, context, options);

const FIELD_NAMES = ['username', 'password', 'totp'] as const satisfies readonly (keyof LoginFormInput)[];
type FieldName = (typeof FIELD_NAMES)[number];
const isFieldName = (value: string): value is FieldName => (FIELD_NAMES as readonly string[]).includes(value);

/** Where the guard sent the user from (location state `from`), so logging in takes them back there. */
const readReturnPath = (state: unknown): string => {
  if (typeof state !== 'object' || state === null || !('from' in state)) return '/';
  const { from } = state;
  if (typeof from !== 'object' || from === null || !('pathname' in from)) return '/';
  const { pathname } = from;
  if (typeof pathname !== 'string' || !pathname.startsWith('/') || pathname === '/login') return '/';
  const search = 'search' in from && typeof from.search === 'string' ? from.search : '';
  const hash = 'hash' in from && typeof from.hash === 'string' ? from.hash : '';
  return `${pathname}${search}${hash}`;
};

// Authenticator apps show the code as "123 456"; copied that way it must still fit and validate.
const normaliseCode = (value: string) => value.replace(/[\s-]/g, '');

export const LoginScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const loginMutation = useLogin();
  const [isPasswordVisible, setIsPasswordVisible] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const [isNotActivated, setIsNotActivated] = useState(false);
  // Support reset the authenticator (0072): phone and password, kept in memory to enrol a new one.
  const [enrolling, setEnrolling] = useState<{ username: string; password: string } | null>(null);
  // Set as this form logs in, so the session it saves does not also trigger the redirect below.
  const [isLoggingIn, setIsLoggingIn] = useState(false);
  const { isLoggedIn, isAdmin } = useSession();
  const resend = useResendActivation();
  useDocumentTitle(t('login.title'));
  useEffect(() => whenIdle(() => void loadLoginResolver().catch(() => undefined)), []);

  const { control, handleSubmit, setError, getValues } = useForm<LoginFormInput, unknown, LoginRequest>({
    resolver: resolveLogin,
    defaultValues: { username: '', password: '', totp: '' },
  });

  const completeLogin = async ({ token, admin }: { token: string; admin: boolean }) => {
    // Nothing cached for a previous account may show through to this one.
    queryClient.clear();
    setIsLoggingIn(true);
    saveSession({ token, isAdmin: admin });
    await navigate(landingPath(readReturnPath(location.state), admin), { replace: true });
  };

  const submit = async (values: LoginRequest) => {
    setFormError(null);
    setIsNotActivated(false);
    resend.reset();
    // Not useFormSubmit: the login answers several refusals its own way (a new authenticator to enrol, the
    // activation notice, the lock-out's minutes), shows field issues by their key, and falls back to
    // INTERNAL_ERROR rather than the generic message.
    try {
      await completeLogin(await loginMutation.mutateAsync(values));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'AUTHENTICATOR_ENROLMENT_REQUIRED') {
        setEnrolling({ username: values.username, password: values.password });
        return;
      }
      if (error instanceof ApiError) {
        for (const issue of error.issues) {
          if (isFieldName(issue.path)) setError(issue.path, { message: issue.key });
        }
      }
      if (error instanceof ApiError && error.code === 'ACCOUNT_NOT_ACTIVATED') {
        setIsNotActivated(true);
        return;
      }
      if (error instanceof ApiError && error.code === 'RATE_LIMITED' && error.retryAfterSeconds) {
        setFormError(t('login.lockedOut', { count: Math.ceil(error.retryAfterSeconds / 60) }));
        return;
      }
      setFormError(errorMessage(error, t('errors.INTERNAL_ERROR')));
    }
  };

  const fieldError = (message: string | undefined) => (message ? translateMessageKey(t, message) : undefined);

  // Someone already logged in (here or in another tab) has no use for the form: on to their clubs.
  if (isLoggedIn && !isLoggingIn)
    return <Navigate to={landingPath(readReturnPath(location.state), isAdmin)} replace />;

  if (enrolling)
    return (
      <Suspense fallback={null}>
        <NewAuthenticator
          credentials={enrolling}
          onLoggedIn={completeLogin}
          onCancel={() => setEnrolling(null)}
        />
      </Suspense>
    );

  return (
    <Stack component="form" noValidate onSubmit={handleSubmit(submit)} spacing={2.5}>
      <FormHeader title={t('login.title')} subtitle={t('login.subtitle')} error={formError} />

      {isNotActivated && (
        <Alert
          severity={resend.isSuccess ? 'success' : 'warning'}
          variant="outlined"
          action={
            resend.isSuccess ? undefined : (
              <Button
                color="inherit"
                size="small"
                loading={resend.isPending}
                onClick={() => {
                  const { username, password } = getValues();
                  void loadSchemas().then(({ LoginRequestSchema }) => {
                    const phone = LoginRequestSchema.shape.username.safeParse(username);
                    if (phone.success) resend.mutate({ username: phone.data, password });
                  });
                }}
              >
                {t('login.resendActivation')}
              </Button>
            )
          }
        >
          {resend.isSuccess ? t('login.activationSent') : t('errors.ACCOUNT_NOT_ACTIVATED')}
        </Alert>
      )}

      <Controller
        name="username"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            label={t('login.phone')}
            type="tel"
            autoComplete="username"
            autoFocus
            required
            fullWidth
            error={fieldState.invalid}
            helperText={fieldError(fieldState.error?.message)}
            slotProps={{ htmlInput: { inputMode: 'tel' }, input: phonePrefixSlot(field.value) }}
          />
        )}
      />

      <Controller
        name="password"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            label={t('login.password')}
            type={isPasswordVisible ? 'text' : 'password'}
            autoComplete="current-password"
            required
            fullWidth
            error={fieldState.invalid}
            helperText={fieldError(fieldState.error?.message)}
            slotProps={{
              input: {
                endAdornment: (
                  <InputAdornment position="end">
                    <IconButton
                      edge="end"
                      aria-label={t(isPasswordVisible ? 'login.hidePassword' : 'login.showPassword')}
                      aria-pressed={isPasswordVisible}
                      onClick={() => setIsPasswordVisible((isVisible) => !isVisible)}
                    >
                      {isPasswordVisible ? <VisibilityOffOutlined /> : <VisibilityOutlined />}
                    </IconButton>
                  </InputAdornment>
                ),
              },
            }}
          />
        )}
      />

      <Controller
        name="totp"
        control={control}
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            inputRef={field.ref}
            onChange={(event) => field.onChange(normaliseCode(event.target.value))}
            onPaste={(event) => {
              event.preventDefault();
              field.onChange(normaliseCode(event.clipboardData.getData('text')).slice(0, TOTP_DIGITS));
            }}
            label={t('login.totp')}
            autoComplete="one-time-code"
            required
            fullWidth
            error={fieldState.invalid}
            helperText={fieldError(fieldState.error?.message) ?? t('login.totpHelp')}
            slotProps={{
              htmlInput: {
                inputMode: 'numeric',
                maxLength: TOTP_DIGITS,
                pattern: '[0-9]*',
                style: { letterSpacing: '0.3em' },
              },
            }}
          />
        )}
      />

      <Stack
        direction="row"
        sx={{
          justifyContent: 'space-between',
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 1,
          mt: '8px !important',
        }}
      >
        <Link component={RouterLink} to="/authenticator/lost" variant="body2">
          {t('login.lostAuthenticator')}
        </Link>
        <Link component={RouterLink} to="/password/recovery" variant="body2">
          {t('login.forgotPassword')}
        </Link>
      </Stack>

      <Button type="submit" variant="contained" size="large" fullWidth loading={loginMutation.isPending}>
        {t('login.submit')}
      </Button>

      <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
        {t('login.noAccount')}{' '}
        <Link component={RouterLink} to="/signup" sx={{ fontWeight: 600 }}>
          {t('login.signup')}
        </Link>
      </Typography>
    </Stack>
  );
};
