import type { PaymentAction, PaymentMethod } from '@carta/contract/billing';
import type { CurrentPaymentState, PaymentPlan } from '@carta/contract/payments';
import { addMonths } from '@carta/contract/subscription-rules';
import Add from '@mui/icons-material/Add';
import ArrowBack from '@mui/icons-material/ArrowBack';
import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import HourglassTopOutlined from '@mui/icons-material/HourglassTopOutlined';
import TaskAltOutlined from '@mui/icons-material/TaskAltOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { failureMessage } from '../../lib/use-mutation-with-toast.ts';
import { useConfirmSandboxPayment } from './api/confirm-sandbox-payment.ts';
import { usePaymentMethods } from './api/get-payment-methods.ts';
import { usePaymentPlans } from './api/get-payment-plans.ts';
import { usePaymentState, waitForPaymentOutcome } from './api/get-payment-state.ts';
import { useMakePrimaryPaymentMethod } from './api/make-primary-payment-method.ts';
import { useSubscribe } from './api/subscribe.ts';
import {
  cardExpiry,
  cardName,
  formatDay,
  formatMoney,
  paymentErrorKey,
  periodKey,
  today,
} from './billing-format.ts';
import { CardSetupForm } from './card-setup-form.tsx';
import { OutcomePanel } from './outcome-panel.tsx';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';
import { PlanSummary } from './plan-summary.tsx';
import { SandboxPaymentDialog } from './sandbox-payment-dialog.tsx';
import { confirmStripePayment } from './stripe-client.ts';

/**
 * What the screen is for, judged once when it opens (the flow then runs to its end even as the state
 * changes under it): subscribing (a Free club, or a partner's club choosing what follows the offer),
 * paying a failed renewal again, or only managing the cards of a subscription that is fine.
 */
type Mode = 'subscribe' | 'payAgain' | 'cards' | 'pending' | 'nothingToPay';

const modeOf = (state: CurrentPaymentState): Mode => {
  if (state.kind === 'earlyAdopter') return 'nothingToPay';
  if (state.daysBeforeDeactivation !== null) return 'payAgain';
  // A first payment the bank wants confirmed: subscribing again answers the same confirmation to give.
  if (state.kind === 'free' && state.paymentPending && state.paymentErrorCode === 'authenticationRequired')
    return 'subscribe';
  if (state.paymentPending) return 'pending';
  if (state.kind === 'free' || (state.kind === 'partner' && !state.paymentPlan)) return 'subscribe';
  return 'cards';
};

type Outcome = { kind: 'success'; state: CurrentPaymentState } | { kind: 'processing' };

const periodName = (t: TFunction, plan: PaymentPlan) =>
  t(`billing.period.${periodKey(plan.months)}`, { count: plan.months });

const StepPanel = ({
  title,
  takesFocus,
  children,
}: {
  title: string;
  takesFocus: boolean;
  children: ReactNode;
}) => {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step takes the focus, so keyboard and screen reader users start where the step starts.
  useEffect(() => {
    if (takesFocus) heading.current?.focus();
  }, [takesFocus]);
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography ref={heading} tabIndex={-1} variant="h2" sx={{ mb: 2, outline: 'none' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
};

const StepButtons = ({ children }: { children: ReactNode }) => (
  <Stack
    direction={{ xs: 'column-reverse', sm: 'row' }}
    spacing={1.5}
    sx={{ justifyContent: 'flex-end', mt: 3 }}
  >
    {children}
  </Stack>
);

const SuccessPanel = ({
  clubId,
  clubName,
  mode,
  state,
}: {
  clubId: string;
  clubName: string;
  mode: Mode;
  state: CurrentPaymentState;
}) => {
  const { t } = useTranslation();
  const isPartner = state.kind === 'partner';
  const plan = state.paymentPlan;
  const next =
    state.renewalDate && state.nextInvoiceCents !== null
      ? t('payment.success.next', {
          date: formatDay(state.renewalDate),
          amount: formatMoney(state.nextInvoiceCents, state.currency ?? plan?.currency ?? 'EUR'),
        })
      : isPartner && state.subscriptionExpiration && plan
        ? t('payment.success.partnerNext', {
            date: formatDay(state.subscriptionExpiration),
            amount: formatMoney(plan.grossCents, plan.currency),
          })
        : '';
  const key = isPartner ? 'partner' : mode === 'payAgain' ? 'paidAgain' : 'subscribed';
  return (
    <OutcomePanel
      testId="payment-success"
      icon={<TaskAltOutlined />}
      title={t(`payment.success.${key}Title`)}
      text={
        <>
          {t(`payment.success.${key}Text`, { club: clubName })} {next}
        </>
      }
      actions={
        <>
          <Button variant="contained" component={RouterLink} to={`/clubs/${clubId}/menu`}>
            {t('payment.success.toMenus')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={`/clubs/${clubId}/profile/plan`}>
            {t('payment.success.toPlan')}
          </Button>
          <Button component={RouterLink} to={`/clubs/${clubId}/profile/billing`}>
            {t('payment.success.toInvoices')}
          </Button>
        </>
      }
    />
  );
};

const ProcessingPanel = ({
  clubId,
  onCheck,
  isChecking,
}: {
  clubId: string;
  onCheck: () => void;
  isChecking: boolean;
}) => {
  const { t } = useTranslation();
  return (
    <OutcomePanel
      testId="payment-processing"
      icon={<HourglassTopOutlined />}
      title={t('payment.processing.title')}
      text={t('payment.processing.text')}
      actions={
        <>
          <Button variant="contained" loading={isChecking} onClick={onCheck}>
            {t('payment.processing.check')}
          </Button>
          <Button variant="outlined" component={RouterLink} to={`/clubs/${clubId}/profile/plan`}>
            {t('payment.success.toPlan')}
          </Button>
        </>
      }
    />
  );
};

type CardStepProps = {
  clubId: string;
  methods: PaymentMethod[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onCardSaved: (method: PaymentMethod) => void;
};

/** The saved cards to choose from, and a new card: the form opens by itself when there is none. */
const CardChoice = ({ clubId, methods, selectedId, onSelect, onCardSaved }: CardStepProps) => {
  const { t } = useTranslation();
  const [isAdding, setIsAdding] = useState(methods.length === 0);
  const isFormShown = isAdding || methods.length === 0;
  return (
    <Stack spacing={2}>
      {methods.length > 0 && (
        <RadioGroup
          aria-label={t('payment.card.savedLabel')}
          value={selectedId === null ? '' : String(selectedId)}
          onChange={(event) => onSelect(Number(event.target.value))}
        >
          <Stack spacing={1}>
            {methods.map((method) => (
              <Paper
                key={method.id}
                variant="outlined"
                sx={{
                  px: 1.5,
                  py: 0.5,
                  borderColor: selectedId === method.id ? 'primary.main' : undefined,
                  borderWidth: selectedId === method.id ? 2 : 1,
                }}
              >
                <FormControlLabel
                  value={String(method.id)}
                  control={<Radio />}
                  sx={{ width: '100%', m: 0 }}
                  label={
                    <Stack
                      direction="row"
                      spacing={1}
                      sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5, py: 0.5 }}
                    >
                      <CreditCardOutlined fontSize="small" color="action" aria-hidden />
                      <Typography sx={{ fontWeight: 600 }}>{cardName(method)}</Typography>
                      <Typography variant="body2" color="text.secondary">
                        {t('billing.methods.expires', { date: cardExpiry(method) })}
                      </Typography>
                      {method.isPrimary && <Chip size="small" label={t('billing.methods.primary')} />}
                    </Stack>
                  }
                />
              </Paper>
            ))}
          </Stack>
        </RadioGroup>
      )}
      {isFormShown ? (
        // No frame around the form on a phone: three nested borders would leave it little room.
        <Box
          sx={{
            p: { xs: 0, sm: 2 },
            border: { xs: 0, sm: 1 },
            borderColor: { sm: 'divider' },
            borderRadius: 1,
          }}
        >
          <Typography variant="h3" sx={{ mb: 2 }}>
            {t('payment.card.newTitle')}
          </Typography>
          <CardSetupForm
            clubId={clubId}
            onSaved={(method) => {
              setIsAdding(false);
              onCardSaved(method);
            }}
            onCancel={methods.length > 0 ? () => setIsAdding(false) : undefined}
          />
        </Box>
      ) : (
        <Box>
          <Button startIcon={<Add />} onClick={() => setIsAdding(true)}>
            {t('payment.card.addAnother')}
          </Button>
        </Box>
      )}
    </Stack>
  );
};

type PaymentFlowProps = {
  clubId: string;
  clubName: string;
  mode: 'subscribe' | 'payAgain';
  state: CurrentPaymentState;
  plans: PaymentPlan[];
  methods: PaymentMethod[];
  requestedPlanId: number | null;
};

/** Plan summary → card → confirm and pay, then the outcome. */
const PaymentFlow = ({
  clubId,
  clubName,
  mode,
  state,
  plans,
  methods,
  requestedPlanId,
}: PaymentFlowProps) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const subscribe = useSubscribe(clubId);
  const makePrimary = useMakePrimaryPaymentMethod(clubId);
  const confirmSandbox = useConfirmSandboxPayment();
  const [step, setStepNow] = useState(0);
  const [hasMoved, setHasMoved] = useState(false);
  const setStep = (next: number) => {
    setHasMoved(true);
    setStepNow(next);
  };
  const [planId, setPlanId] = useState<number | null>(() => {
    if (mode === 'payAgain') return state.paymentPlan?.id ?? null;
    const wanted = requestedPlanId ?? state.paymentPlan?.id;
    return plans.find((plan) => plan.id === wanted)?.id ?? plans[0]?.id ?? null;
  });
  const [chosenMethodId, setChosenMethodId] = useState<number | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [action, setAction] = useState<PaymentAction | null>(null);
  const [answering, setAnswering] = useState<boolean | null>(null);
  const [isWorking, setIsWorking] = useState(false);

  const plan = mode === 'payAgain' ? state.paymentPlan : plans.find((candidate) => candidate.id === planId);
  const methodId = chosenMethodId ?? methods.find((method) => method.isPrimary)?.id ?? methods[0]?.id ?? null;
  const method = methods.find((candidate) => candidate.id === methodId);
  // A partner's club chooses what follows the offer: nothing is charged before it ends.
  const startsOn = state.kind === 'partner' ? state.subscriptionExpiration : null;
  const amount = plan ? formatMoney(plan.grossCents, plan.currency) : '';

  /** Where the flow ends once the payment has its outcome (pending ones asked again a few times). */
  const settle = async (after: CurrentPaymentState) => {
    const final = after.paymentPending ? await waitForPaymentOutcome(queryClient, clubId) : after;
    const isPaid =
      mode === 'payAgain'
        ? final.daysBeforeDeactivation === null && !final.paymentPending
        : final.kind !== 'free' && !final.paymentPending;
    if (isPaid) setOutcome({ kind: 'success', state: final });
    else if (final.paymentPending) setOutcome({ kind: 'processing' });
    else setPayError(t(paymentErrorKey(final.paymentErrorCode)));
  };

  const checkAgain = async () => {
    setIsWorking(true);
    try {
      await settle(await waitForPaymentOutcome(queryClient, clubId, { attempts: 3 }));
    } finally {
      setIsWorking(false);
    }
  };

  const pay = async () => {
    if (!plan) return;
    setPayError(null);
    setIsWorking(true);
    try {
      const result = await subscribe.mutateAsync({ paymentPlanId: plan.id });
      if (!result.action) {
        await settle(result.state);
        return;
      }
      if (result.action.provider === 'sandbox') {
        setAction(result.action);
        return;
      }
      const failure = await confirmStripePayment(result.action);
      if (failure) setPayError(failure);
      else await settle(await waitForPaymentOutcome(queryClient, clubId));
    } catch (error) {
      if (error instanceof ApiError && error.code === 'PAYMENT_METHOD_REQUIRED') setStep(1);
      // Paid meanwhile (a new card retries a failed renewal by itself).
      if (error instanceof ApiError && error.code === 'PAYMENT_NOT_FAILED' && mode === 'payAgain') {
        await settle(await waitForPaymentOutcome(queryClient, clubId));
        return;
      }
      setPayError(failureMessage(error, t('errors.GENERIC_TRY_LATER')));
    } finally {
      setIsWorking(false);
    }
  };

  const answer = async (approve: boolean) => {
    if (!action) return;
    setAnswering(approve);
    try {
      await confirmSandbox.mutateAsync({
        paymentId: action.paymentId,
        clientSecret: action.clientSecret,
        approve,
      });
      setAction(null);
      await settle(await waitForPaymentOutcome(queryClient, clubId));
    } catch (error) {
      setAction(null);
      setPayError(failureMessage(error, t('errors.GENERIC_TRY_LATER')));
    } finally {
      setAnswering(null);
    }
  };

  const toConfirm = async () => {
    if (!method) return;
    setPayError(null);
    // The subscription charges the primary card: the chosen card becomes it.
    if (!method.isPrimary) {
      try {
        await makePrimary.mutateAsync(method.id);
      } catch (error) {
        setPayError(failureMessage(error, t('errors.GENERIC_TRY_LATER')));
        return;
      }
    }
    setStep(2);
  };

  const cardSaved = async (saved: PaymentMethod) => {
    setChosenMethodId(saved.id);
    // After a failed renewal the server charges the new card at once.
    if (mode === 'payAgain') {
      const after = await waitForPaymentOutcome(queryClient, clubId);
      if (after.daysBeforeDeactivation === null && !after.paymentPending)
        setOutcome({ kind: 'success', state: after });
    }
  };

  if (outcome?.kind === 'success')
    return <SuccessPanel clubId={clubId} clubName={clubName} mode={mode} state={outcome.state} />;
  if (outcome?.kind === 'processing')
    return <ProcessingPanel clubId={clubId} isChecking={isWorking} onCheck={() => void checkAgain()} />;
  if (!plan)
    return (
      <Alert severity="info" data-testid="no-plans">
        {t('plan.noPlans')}
      </Alert>
    );

  const steps = [t('payment.steps.plan'), t('payment.steps.card'), t('payment.steps.confirm')];
  const periodText = startsOn
    ? t(`payment.summary.from.${periodKey(plan.months)}`, { count: plan.months, date: formatDay(startsOn) })
    : mode === 'payAgain'
      ? t(`payment.summary.renews.${periodKey(plan.months)}`, { count: plan.months })
      : t('payment.summary.fromToday', {
          start: formatDay(today(), 'medium'),
          end: formatDay(addMonths(`${today()}T12:00:00.000Z`, plan.months), 'medium'),
        });

  return (
    <Stack spacing={3}>
      <Stepper
        activeStep={step}
        alternativeLabel
        sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.8rem', sm: '0.875rem' } } }}
      >
        {steps.map((label) => (
          <Step key={label}>
            <StepLabel>{label}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {mode === 'payAgain' && state.daysBeforeDeactivation !== null && (
        <Alert severity="error" data-testid="pay-again-notice">
          {t(paymentErrorKey(state.paymentErrorCode))}{' '}
          {t('plan.status.failedText', { count: state.daysBeforeDeactivation, club: clubName })}
        </Alert>
      )}
      {step === 0 && (
        <StepPanel
          title={mode === 'payAgain' ? t('payment.plan.payAgainTitle') : t('payment.plan.title')}
          takesFocus={hasMoved}
        >
          {mode === 'subscribe' && plans.length > 1 && (
            <RadioGroup
              aria-label={t('payment.plan.choose')}
              value={String(plan.id)}
              onChange={(event) => setPlanId(Number(event.target.value))}
              sx={{ mb: 2 }}
            >
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                {plans.map((candidate) => (
                  <Paper
                    key={candidate.id}
                    variant="outlined"
                    sx={{
                      flex: 1,
                      px: 1.5,
                      py: 0.5,
                      borderColor: candidate.id === plan.id ? 'primary.main' : undefined,
                      borderWidth: candidate.id === plan.id ? 2 : 1,
                    }}
                  >
                    <FormControlLabel
                      value={String(candidate.id)}
                      control={<Radio />}
                      sx={{ width: '100%', m: 0 }}
                      label={
                        <Box sx={{ py: 0.5 }}>
                          <Typography sx={{ fontWeight: 600 }}>
                            {periodName(t, candidate)}{' '}
                            {candidate.saving && (
                              <Chip
                                size="small"
                                color="success"
                                label={t('plan.savePercent', { percent: candidate.saving.percent })}
                                sx={{ ml: 0.5 }}
                              />
                            )}
                          </Typography>
                          <Typography variant="body2" color="text.secondary">
                            {formatMoney(candidate.grossCents, candidate.currency)}{' '}
                            {t(`plan.per.${periodKey(candidate.months)}`, { count: candidate.months })}
                          </Typography>
                        </Box>
                      }
                    />
                  </Paper>
                ))}
              </Stack>
            </RadioGroup>
          )}
          <PlanSummary plan={plan} periodText={periodText} />
          <StepButtons>
            <Button variant="contained" size="large" onClick={() => setStep(1)}>
              {t('payment.continue')}
            </Button>
          </StepButtons>
        </StepPanel>
      )}
      {step === 1 && (
        <StepPanel title={t('payment.card.title')} takesFocus>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('payment.card.text')}
          </Typography>
          {payError && (
            <Alert severity="error" role="alert" sx={{ mb: 2 }}>
              {payError}
            </Alert>
          )}
          <CardChoice
            clubId={clubId}
            methods={methods}
            selectedId={methodId}
            onSelect={setChosenMethodId}
            onCardSaved={(saved) => void cardSaved(saved)}
          />
          <StepButtons>
            <Button onClick={() => setStep(0)}>{t('payment.back')}</Button>
            <Button
              variant="contained"
              size="large"
              disabled={!method}
              loading={makePrimary.isPending}
              onClick={() => void toConfirm()}
            >
              {t('payment.continue')}
            </Button>
          </StepButtons>
        </StepPanel>
      )}
      {step === 2 && method && (
        <StepPanel title={startsOn ? t('payment.confirm.titleLater') : t('payment.confirm.title')} takesFocus>
          <Stack spacing={2}>
            <Box
              component="dl"
              sx={{
                m: 0,
                display: 'grid',
                gridTemplateColumns: 'minmax(0, 1fr) auto',
                columnGap: 2,
                rowGap: 1,
              }}
            >
              <Typography component="dt" color="text.secondary">
                {t('payment.summary.plan')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
                {t('payment.summary.planName', { period: periodName(t, plan) })}
              </Typography>
              <Typography component="dt" color="text.secondary">
                {t('payment.confirm.card')}
              </Typography>
              <Typography component="dd" sx={{ m: 0, textAlign: 'right', fontWeight: 500 }}>
                {cardName(method)}
              </Typography>
              <Typography component="dt" sx={{ fontWeight: 700 }}>
                {startsOn
                  ? t('payment.confirm.dueLater', { date: formatDay(startsOn) })
                  : t('payment.confirm.dueNow')}
              </Typography>
              <Typography
                component="dd"
                sx={{ m: 0, textAlign: 'right', fontWeight: 700, fontSize: '1.25rem' }}
                data-testid="amount-due"
              >
                {amount}
              </Typography>
            </Box>
            <Typography variant="body2" color="text.secondary">
              {startsOn
                ? t(`payment.confirm.partnerTerms.${periodKey(plan.months)}`, {
                    count: plan.months,
                    amount,
                    date: formatDay(startsOn),
                  })
                : t(`payment.confirm.terms.${periodKey(plan.months)}`, { count: plan.months, amount })}
            </Typography>
            {payError && (
              <Alert
                severity="error"
                role="alert"
                data-testid="payment-error"
                action={
                  <Button
                    color="inherit"
                    size="small"
                    onClick={() => {
                      setPayError(null);
                      setStep(1);
                    }}
                  >
                    {t('payment.confirm.otherCard')}
                  </Button>
                }
              >
                {payError}
              </Alert>
            )}
          </Stack>
          <StepButtons>
            <Button onClick={() => setStep(1)} disabled={isWorking}>
              {t('payment.back')}
            </Button>
            <Button variant="contained" size="large" loading={isWorking} onClick={() => void pay()}>
              {startsOn ? t('payment.confirm.choose') : t('payment.confirm.pay', { amount })}
            </Button>
          </StepButtons>
        </StepPanel>
      )}
      <SandboxPaymentDialog
        isOpen={action !== null}
        amount={amount}
        answering={answering}
        onAnswer={(approve) => void answer(approve)}
      />
    </Stack>
  );
};

/** A payment sent before this visit waits for its outcome: the screen follows it until it has one. */
const PendingPanel = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const state = usePaymentState(clubId, { pollWhilePendingMs: 2000 }).data;
  const isSettled = state !== undefined && !state.paymentPending;
  return (
    <OutcomePanel
      testId="payment-pending"
      icon={isSettled ? <TaskAltOutlined /> : <HourglassTopOutlined />}
      title={isSettled ? t('payment.pending.settledTitle') : t('plan.status.pendingTitle')}
      text={
        isSettled
          ? t('payment.pending.settledText')
          : state?.paymentErrorCode === 'authenticationRequired'
            ? t('plan.status.pendingAuthentication')
            : t('plan.status.pendingText')
      }
      actions={
        <Button variant="contained" component={RouterLink} to={`/clubs/${clubId}/profile/plan`}>
          {t('payment.success.toPlan')}
        </Button>
      }
    />
  );
};

const PaymentSkeleton = () => (
  <Stack spacing={3} aria-busy="true">
    <Skeleton variant="rounded" height={56} />
    <Skeleton variant="rounded" height={320} />
  </Stack>
);

/**
 * /clubs/:clubId/payment: a payment method and the subscription. `?plan=<paymentPlanId>` preselects the
 * plan. Steps: plan summary (net, VAT, gross, period) → card (saved ones, or a new one) → confirm and
 * pay; a payment the bank wants confirmed is confirmed here (the sandbox's dialog, or Stripe's).
 */
export const PaymentScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const requested = Number(searchParams.get('plan'));
  const club = useClub(clubId);
  const state = usePaymentState(clubId);
  const plans = usePaymentPlans(clubId);
  const methods = usePaymentMethods(clubId);
  const [mode, setMode] = useState<Mode | null>(null);
  // Judged once, from the state as the screen opens.
  if (mode === null && state.data && !state.isFetching) setMode(modeOf(state.data));

  const queries = [club, state, plans, methods];
  const failed = queries.find((query) => query.isError);
  const isReady = mode !== null && club.data && state.data && plans.data && methods.data;
  const subtitle =
    mode === 'payAgain'
      ? t('payment.subtitle.payAgain')
      : mode === 'cards'
        ? t('payment.subtitle.cards')
        : t('payment.subtitle.subscribe');

  return (
    <>
      <Button
        component={RouterLink}
        to={`/clubs/${clubId}/profile/plan`}
        startIcon={<ArrowBack />}
        size="small"
        sx={{ mb: 1 }}
      >
        {t('payment.backToPlans')}
      </Button>
      <ScreenHeader title={t('screens.payment')} subtitle={subtitle} />
      <Box sx={{ maxWidth: 760 }}>
        {failed ? (
          <QueryError onRetry={() => void Promise.all(queries.map((query) => query.refetch()))} />
        ) : !isReady || !club.data || !state.data || !plans.data || !methods.data ? (
          <PaymentSkeleton />
        ) : mode === 'nothingToPay' ? (
          <OutcomePanel
            icon={<AutoAwesomeOutlined />}
            title={t('payment.nothingToPay.title')}
            text={t('payment.nothingToPay.text', { club: club.data.name })}
            actions={
              <Button variant="contained" component={RouterLink} to={`/clubs/${clubId}/profile/plan`}>
                {t('payment.success.toPlan')}
              </Button>
            }
          />
        ) : mode === 'pending' ? (
          <PendingPanel clubId={clubId} />
        ) : mode === 'cards' ? (
          <Stack spacing={2}>
            <Alert severity="info">{t('payment.cardsOnly')}</Alert>
            <PaymentMethodsPanel clubId={clubId} addMode="inline" />
          </Stack>
        ) : (
          <PaymentFlow
            clubId={clubId}
            clubName={club.data.name}
            mode={mode}
            state={state.data}
            plans={plans.data}
            methods={methods.data}
            requestedPlanId={Number.isInteger(requested) && requested > 0 ? requested : null}
          />
        )}
      </Box>
    </>
  );
};
