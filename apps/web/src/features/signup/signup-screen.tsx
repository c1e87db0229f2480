import type { TotpEnrolment } from '@carta/contract/accounts';
import { CreateClubRequestSchema } from '@carta/contract/clubs';
import { zodResolver } from '@hookform/resolvers/zod';
import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { FormProvider, type Path, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation } from 'react-router';
import { useConfirmTotp } from '../../api/authenticator.ts';
import { type CreateClubRequest, useCreateClub } from '../../api/create-club.ts';
import { useInvitationPreview } from '../../api/preview-invitation.ts';
import { AuthenticatorStep } from '../../components/authenticator-step.tsx';
import { ClubFormFields, type ClubFormValues, emptyClubForm } from '../../components/club-form-fields.tsx';
import { FormHeader } from '../../components/form-header.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { phonePrefixSlot } from '../../components/phone-prefix.tsx';
import { ApiError, isUnexpectedError } from '../../lib/api-error.ts';
import { currentLanguage } from '../../lib/i18n.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { formPathOf } from '../../lib/use-form-submit.ts';
import { useCreateUser } from './api/create-user.ts';
import { InvitationSignupSchema, invitationOf, signupSteps } from './invitation-signup.ts';
import { ContactFields, SignupDone } from './signup-steps.tsx';
import { PHONE_TAKEN, withTakenPhone } from './taken-phone.ts';
import { usePhoneAvailability } from './use-phone-availability.ts';

// The fields each form step owns: "Next" checks only these, and a server error jumps to its step.
const STEP_FIELDS: Path<ClubFormValues>[][] = [
  ['account.phone', 'account.password', 'account.passwordTwo'],
  ['account.name', 'account.lastName', 'account.email'],
  ['club'],
];
const stepOf = (path: string) =>
  path.startsWith('club') ? 2 : path.match(/account\.(name|lastName|email)/) ? 1 : 0;

// The invitee's form checks the account's fields alone: its output has no club, which submit never reads then.
const invitationResolver = zodResolver(InvitationSignupSchema) as unknown as Resolver<
  ClubFormValues,
  unknown,
  CreateClubRequest
>;

export const SignupScreen = () => {
  const { t } = useTranslation();
  useDocumentTitle(t('signup.title'));
  // From an invitation's link (docs/product.md, Staff and roles): no club to make, the account joins one.
  const invitation = invitationOf(useLocation().state);
  const preview = useInvitationPreview(invitation?.token ?? '');
  const shownSteps = signupSteps(invitation);
  const lastFormStep = invitation ? 1 : 2;
  const [step, setStep] = useState(0);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  // Kept after the account is created, for the authenticator step's code check.
  const [credentials, setCredentials] = useState<{ username: string; password: string } | null>(null);
  const confirmTotp = useConfirmTotp();
  const [formError, setFormError] = useState<string | null>(null);
  const createClub = useCreateClub();
  const createUser = useCreateUser();
  // The phone the server said is registered, as typed: refused until it is changed.
  const takenPhone = useRef<string | null>(null);
  const form = useForm<ClubFormValues, unknown, CreateClubRequest>({
    resolver: withTakenPhone(
      invitation ? invitationResolver : zodResolver(CreateClubRequestSchema),
      () => takenPhone.current,
    ),
    defaultValues: {
      account: {
        phone: '',
        password: '',
        passwordTwo: '',
        name: '',
        lastName: '',
        email: invitation?.email ?? '',
        language: 'it',
      },
      club: emptyClubForm(),
    },
    mode: 'onTouched',
  });
  const email = form.watch('account.email');
  const phone = form.watch('account.phone');
  const phoneCheck = usePhoneAvailability();
  const isPhoneTaken = form.formState.errors.account?.phone?.type === PHONE_TAKEN;
  const markPhoneTaken = () => {
    takenPhone.current = form.getValues('account.phone') ?? '';
    return form.trigger('account.phone', { shouldFocus: true });
  };

  const next = async () => {
    if (!(await form.trigger(STEP_FIELDS[step]))) return;
    // Said on the first step, not after the whole form (0066); the sign-up still refuses it at the end.
    if (step === 0 && !(await phoneCheck.isAvailable(form.getValues('account.phone') ?? ''))) {
      await markPhoneTaken();
      return;
    }
    setStep(shownSteps[shownSteps.indexOf(step) + 1] ?? step);
  };

  // Not useFormSubmit: a taken phone goes back to the first step, and a field issue opens its own step.
  const submit = async (values: CreateClubRequest) => {
    setFormError(null);
    try {
      const created =
        invitation && values.account
          ? await createUser.mutateAsync({
              ...values.account,
              language: currentLanguage(),
              invitationToken: invitation.token,
            })
          : await createClub.mutateAsync({
              ...values,
              ...(values.account ? { account: { ...values.account, language: currentLanguage() } } : {}),
            });
      setEnrolment(created.enrolment ?? null);
      if (values.account)
        setCredentials({ username: values.account.phone, password: values.account.password });
      setStep(3);
    } catch (error) {
      if (!(error instanceof ApiError) || isUnexpectedError(error)) {
        setFormError(t('errors.GENERIC_TRY_LATER'));
        return;
      }
      if (error.code === 'PHONE_TAKEN') {
        setStep(0);
        await markPhoneTaken();
        return;
      }
      const placed = error.issues.map((issue) => ({ ...issue, path: formPathOf(issue.path) }));
      for (const issue of placed)
        form.setError(issue.path as Path<ClubFormValues>, { message: issue.message });
      const first = placed[0];
      if (first) setStep(stepOf(first.path));
      else setFormError(error.message);
    }
  };

  const labels = [
    t('signup.stepCredentials'),
    t('signup.stepContact'),
    t('signup.stepBusiness'),
    t('signup.stepAuthenticator'),
  ];
  const club = preview.data?.clubName ?? '';

  if (step === 4) return <SignupDone email={email ?? ''} invitation={invitation} club={club} />;

  return (
    <FormProvider {...form}>
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={(event) => {
          event.preventDefault();
          if (step < lastFormStep) void next();
          else if (step === lastFormStep) void form.handleSubmit(submit)(event);
        }}
      >
        <FormHeader title={t('signup.title')} subtitle={labels[step]} error={formError}>
          <Stepper
            activeStep={shownSteps.indexOf(step)}
            alternativeLabel
            sx={{ '& .MuiStepLabel-label': { fontSize: 12 } }}
          >
            {shownSteps.map((shown) => (
              <Step key={shown}>
                <StepLabel>{labels[shown]}</StepLabel>
              </Step>
            ))}
          </Stepper>
          {invitation && preview.data && (
            <Alert severity="info" icon={<HowToRegOutlined />}>
              {t('signup.invitationIntro', {
                club,
                role: t(`clubSwitcher.roles.${preview.data.role}`),
              })}
            </Alert>
          )}
        </FormHeader>

        {step === 0 && (
          <Stack spacing={2}>
            <FormTextField<ClubFormValues>
              name="account.phone"
              label={t('login.phone')}
              type="tel"
              autoComplete="tel"
              required
              autoFocus
              slotProps={{ htmlInput: { inputMode: 'tel' }, input: phonePrefixSlot(phone) }}
            />
            {isPhoneTaken && (
              <Typography variant="body2" data-testid="phone-taken-links">
                <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
                  {t('login.submit')}
                </Link>
                {' · '}
                <Link component={RouterLink} to="/password/recovery" sx={{ fontWeight: 600 }}>
                  {t('login.forgotPassword')}
                </Link>
              </Typography>
            )}
            <FormTextField<ClubFormValues>
              name="account.password"
              label={t('signup.password')}
              type="password"
              autoComplete="new-password"
              required
              helperText={t('reset.passwordRules')}
            />
            <FormTextField<ClubFormValues>
              name="account.passwordTwo"
              label={t('signup.passwordTwo')}
              type="password"
              autoComplete="new-password"
              required
            />
          </Stack>
        )}
        {step === 1 && <ContactFields />}
        {step === 2 && <ClubFormFields />}
        {step === 3 && enrolment && credentials && (
          <AuthenticatorStep
            enrolment={enrolment}
            confirmLabel={t('signup.authenticatorDone')}
            onConfirm={async (totp) => {
              await confirmTotp.mutateAsync({ ...credentials, totp });
              setStep(4);
            }}
          />
        )}

        <Stack
          direction="row"
          spacing={1.5}
          sx={{ justifyContent: 'space-between', display: step < 3 ? 'flex' : 'none' }}
        >
          {step > 0 && step < 3 ? (
            <Button onClick={() => setStep(shownSteps[shownSteps.indexOf(step) - 1] ?? 0)}>
              {t('signup.back')}
            </Button>
          ) : (
            <span />
          )}
          {step < lastFormStep && (
            <Button type="submit" variant="contained" size="large" loading={phoneCheck.isChecking}>
              {t('signup.next')}
            </Button>
          )}
          {step === lastFormStep && (
            <Button
              type="submit"
              variant="contained"
              size="large"
              loading={createClub.isPending || createUser.isPending}
            >
              {t('signup.create')}
            </Button>
          )}
        </Stack>

        {step < 3 && (
          <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center' }}>
            {t('signup.haveAccount')}{' '}
            <Link component={RouterLink} to="/login" sx={{ fontWeight: 600 }}>
              {t('login.submit')}
            </Link>
          </Typography>
        )}
      </Stack>
    </FormProvider>
  );
};
