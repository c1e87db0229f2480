import { type PaymentSetup, SANDBOX_TEST_CARDS } from '@carta/contract/billing';
import { zodResolver } from '@hookform/resolvers/zod';
import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Controller, FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormTextField } from '../../components/form-text-field.tsx';
import { TextField } from '../../components/text-field.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { translateMessageKey } from '../../lib/i18n.ts';
import { formPathOf } from '../../lib/use-form-submit.ts';
import { failureMessage } from '../../lib/use-mutation-with-toast.ts';
import { useConfirmSandboxSetup } from './api/confirm-sandbox-setup.ts';
import { cardIssueMessage, SandboxCardFormSchema } from './sandbox-card-schema.ts';

type CardValues = z.input<typeof SandboxCardFormSchema>;
type CardRequest = z.output<typeof SandboxCardFormSchema>;
const CARD_FIELDS = ['cardNumber', 'expMonth', 'expYear', 'cvc'] as const;

/** "4242 4242 4242 4242": groups of four, as printed on the card. */
const grouped = (digits: string) => digits.replace(/(\d{4})(?=\d)/g, '$1 ');

type SandboxCardFormProps = {
  setup: PaymentSetup;
  /** False while a new setup is on its way (the previous one was used or refused). */
  isSetupReady: boolean;
  onSaveCard: (setupId: string) => Promise<string | null>;
  /** The setup was used or refused: the next try needs a new one. */
  onSetupSpent: () => void;
  onCancel?: () => void;
};

/**
 * The card form of the sandbox (the default provider): no real card and no money, so it is Carta's own
 * form, marked as a test, with the test cards and what each one does.
 */
export const SandboxCardForm = ({
  setup,
  isSetupReady,
  onSaveCard,
  onSetupSpent,
  onCancel,
}: SandboxCardFormProps) => {
  const { t } = useTranslation();
  const confirmSetup = useConfirmSandboxSetup();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<CardValues, unknown, CardRequest>({
    resolver: zodResolver(SandboxCardFormSchema, { error: cardIssueMessage }),
    defaultValues: { cardNumber: '', expMonth: '', expYear: '', cvc: '' },
    mode: 'onTouched',
  });

  const fillTestCard = (number: string) => {
    const options = { shouldValidate: true, shouldDirty: true } as const;
    form.setValue('cardNumber', grouped(number), options);
    form.setValue('expMonth', '12', options);
    form.setValue('expYear', String((new Date().getFullYear() + 3) % 100), options);
    form.setValue('cvc', '123', options);
    setFormError(null);
  };

  const submit = async (card: CardRequest) => {
    setFormError(null);
    // Not useFormSubmit: issues for fields outside the card are dropped rather than shown, any other
    // failure shows the server's own words (even an unexpected one), and a failed setup is spent.
    try {
      await confirmSetup.mutateAsync({ setupId: setup.setupId, clientSecret: setup.clientSecret, ...card });
    } catch (error) {
      const fieldIssues =
        error instanceof ApiError
          ? error.issues.filter((issue) =>
              (CARD_FIELDS as readonly string[]).includes(formPathOf(issue.path)),
            )
          : [];
      for (const issue of fieldIssues)
        form.setError(
          formPathOf(issue.path) as (typeof CARD_FIELDS)[number],
          { message: issue.message },
          { shouldFocus: true },
        );
      if (fieldIssues.length === 0) {
        setFormError(failureMessage(error, t('errors.GENERIC_TRY_LATER')));
        onSetupSpent();
      }
      return;
    }
    const failure = await onSaveCard(setup.setupId);
    if (failure) {
      setFormError(failure);
      onSetupSpent();
    }
  };

  return (
    <Stack spacing={2} data-testid="sandbox-card-form">
      <Alert
        severity="warning"
        icon={<ScienceOutlined />}
        sx={{ border: 1, borderColor: 'warning.main', borderStyle: 'dashed' }}
        data-testid="sandbox-notice"
      >
        <AlertTitle>{t('payment.sandbox.title')}</AlertTitle>
        <Typography variant="body2" sx={{ mb: 1 }}>
          {t('payment.sandbox.text')}
        </Typography>
        <Box
          component="ul"
          aria-label={t('payment.sandbox.cardsLabel')}
          sx={{ listStyle: 'none', p: 0, m: 0, display: 'grid', gap: { xs: 1, sm: 0.5 } }}
        >
          {SANDBOX_TEST_CARDS.map((card) => (
            <Box
              component="li"
              key={card.number}
              sx={{
                display: 'grid',
                gridTemplateColumns: { xs: 'minmax(0, 1fr) auto', sm: 'auto minmax(0, 1fr) auto' },
                gridTemplateAreas: { xs: '"number use" "outcome use"', sm: '"number outcome use"' },
                alignItems: 'center',
                columnGap: 1.5,
              }}
            >
              <Box
                component="span"
                sx={{ gridArea: 'number', fontFamily: 'monospace', fontSize: '0.9rem', whiteSpace: 'nowrap' }}
              >
                {grouped(card.number)}
              </Box>
              <Typography variant="body2" component="span" sx={{ gridArea: 'outcome' }}>
                {t(`payment.sandbox.outcome.${card.outcome}`)}
              </Typography>
              <Button
                size="small"
                color="inherit"
                onClick={() => fillTestCard(card.number)}
                aria-label={t('payment.sandbox.useNamed', { number: grouped(card.number) })}
                sx={{ gridArea: 'use' }}
              >
                {t('payment.sandbox.use')}
              </Button>
            </Box>
          ))}
        </Box>
      </Alert>
      <FormProvider {...form}>
        <Stack
          component="form"
          noValidate
          spacing={2}
          onSubmit={form.handleSubmit(submit)}
          aria-label={t('payment.card.formLabel')}
        >
          {formError && (
            <Alert severity="error" role="alert" data-testid="card-error">
              {formError}
            </Alert>
          )}
          <Controller
            name="cardNumber"
            control={form.control}
            render={({ field: { ref, onChange, ...field }, fieldState }) => (
              <TextField
                {...field}
                inputRef={ref}
                onChange={(event) => {
                  const digits = event.target.value.replace(/\D/g, '').slice(0, 19);
                  onChange(grouped(digits));
                }}
                label={t('payment.card.number')}
                autoComplete="cc-number"
                fullWidth
                required
                placeholder="1234 1234 1234 1234"
                error={fieldState.invalid}
                helperText={
                  fieldState.error?.message ? translateMessageKey(t, fieldState.error.message) : undefined
                }
                slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 23 } }}
              />
            )}
          />
          <Stack direction="row" spacing={1.5}>
            <FormTextField<CardValues>
              name="expMonth"
              label={t('payment.card.expMonth')}
              placeholder="MM"
              autoComplete="cc-exp-month"
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 2 } }}
            />
            <FormTextField<CardValues>
              name="expYear"
              label={t('payment.card.expYear')}
              placeholder={t('payment.card.expYearPlaceholder')}
              autoComplete="cc-exp-year"
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            />
            <FormTextField<CardValues>
              name="cvc"
              label={t('payment.card.cvc')}
              placeholder="123"
              autoComplete="cc-csc"
              required
              slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 4 } }}
            />
          </Stack>
          <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
            {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
            <Button
              type="submit"
              variant="contained"
              disabled={!isSetupReady}
              loading={form.formState.isSubmitting}
            >
              {t('payment.card.save')}
            </Button>
          </Stack>
        </Stack>
      </FormProvider>
    </Stack>
  );
};
