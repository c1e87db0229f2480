import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Step from '@mui/material/Step';
import StepLabel from '@mui/material/StepLabel';
import Stepper from '@mui/material/Stepper';
import { useTranslation } from 'react-i18next';
import { formatMoney, paymentErrorKey } from '../billing-format.ts';
import { SandboxPaymentDialog } from '../sandbox-payment-dialog.tsx';
import { CardStep } from './card-step.tsx';
import { ConfirmStep } from './confirm-step.tsx';
import { ProcessingPanel, SuccessPanel } from './outcome-panels.tsx';
import { PlanStep } from './plan-step.tsx';
import { type PaymentFlowInput, usePaymentFlow } from './use-payment-flow.ts';

/** Plan → card → confirm and pay (the card step left out when nothing new is charged), then the outcome. */
export const PaymentFlow = ({ clubName, ...input }: PaymentFlowInput & { clubName: string }) => {
  const { t } = useTranslation();
  const { clubId, mode, state, methods } = input;
  const model = usePaymentFlow(input);
  const { flow, plan, steps, method } = model;

  if (flow.outcome?.kind === 'success')
    return <SuccessPanel clubId={clubId} clubName={clubName} mode={mode} state={flow.outcome.state} />;
  if (flow.outcome?.kind === 'processing')
    return <ProcessingPanel clubId={clubId} isChecking={flow.isWorking} onCheck={model.checkAgain} />;
  if (!plan)
    return (
      <Alert severity="info" data-testid="no-plans">
        {t('plan.noPlans')}
      </Alert>
    );

  return (
    <Stack spacing={3}>
      <Stepper
        activeStep={steps.indexOf(flow.step)}
        alternativeLabel
        sx={{ '& .MuiStepLabel-label': { fontSize: { xs: '0.8rem', sm: '0.875rem' } } }}
      >
        {steps.map((step) => (
          <Step key={step}>
            <StepLabel>{t(`payment.steps.${step}`)}</StepLabel>
          </Step>
        ))}
      </Stepper>
      {mode === 'payAgain' && state.daysBeforeDeactivation !== null && (
        <Alert severity="error" data-testid="pay-again-notice">
          {t(paymentErrorKey(state.paymentErrorCode))}{' '}
          {t('plan.status.failedText', { count: state.daysBeforeDeactivation, club: clubName })}
        </Alert>
      )}
      {flow.step === 'plan' && (
        <PlanStep
          mode={mode}
          plan={plan}
          plans={model.offered.map((entry) => entry.plan)}
          startsOn={model.startsOn}
          takesFocus={flow.hasMoved}
          onChoose={model.choosePlan}
          onContinue={model.next}
        />
      )}
      {flow.step === 'card' && (
        <CardStep
          clubId={clubId}
          methods={methods}
          selectedId={method?.id ?? null}
          error={flow.error}
          isWorking={model.isMakingPrimary}
          onSelect={model.chooseCard}
          onCardSaved={model.cardSaved}
          onBack={model.back}
          onContinue={model.toConfirm}
        />
      )}
      {flow.step === 'confirm' && (
        <ConfirmStep
          plan={plan}
          method={steps.includes('card') ? method : undefined}
          startsOn={model.startsOn}
          error={flow.error}
          isWorking={flow.isWorking}
          onOtherCard={steps.includes('card') ? model.otherCard : null}
          onBack={model.back}
          onPay={model.pay}
        />
      )}
      <SandboxPaymentDialog
        isOpen={flow.action !== null}
        amount={formatMoney(plan.grossCents, plan.currency)}
        answering={flow.answering}
        onAnswer={model.answer}
      />
    </Stack>
  );
};
