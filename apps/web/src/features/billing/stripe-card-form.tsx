import type { PaymentSetup } from '@carta/contract/billing';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import type { Stripe, StripeElements } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../lib/i18n.ts';
import { loadStripeFor } from './stripe-client.ts';

type StripeCardFormProps = {
  setup: PaymentSetup;
  /** Saves the card of the confirmed setup; answers the failure's message, or null. */
  onSaveCard: (setupId: string) => Promise<string | null>;
  onCancel?: () => void;
};

/**
 * Stripe's Payment Element for the setup's client secret: the card never touches Carta's pages or server.
 * Confirming the setup gives the id the API saves the card from.
 */
export const StripeCardForm = ({ setup, onSaveCard, onCancel }: StripeCardFormProps) => {
  const { t } = useTranslation();
  const mountPoint = useRef<HTMLDivElement>(null);
  const [stripe, setStripe] = useState<{ stripe: Stripe; elements: StripeElements } | null>(null);
  const [isLoadFailed, setIsLoadFailed] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [isWorking, setIsWorking] = useState(false);

  useEffect(() => {
    const { publishableKey, clientSecret } = setup;
    if (!publishableKey) {
      setIsLoadFailed(true);
      return;
    }
    let isGone = false;
    let destroy: (() => void) | undefined;
    loadStripeFor(publishableKey)
      .then((loaded) => {
        if (isGone || !mountPoint.current) return;
        const elements = loaded.elements({
          clientSecret,
          locale: currentLanguage(),
          appearance: { theme: 'stripe', variables: { colorPrimary: '#7a1f3d', borderRadius: '8px' } },
        });
        const element = elements.create('payment');
        element.on('ready', () => {
          if (!isGone) setStripe({ stripe: loaded, elements });
        });
        element.mount(mountPoint.current);
        destroy = () => element.destroy();
      })
      .catch(() => {
        if (!isGone) setIsLoadFailed(true);
      });
    return () => {
      isGone = true;
      destroy?.();
    };
  }, [setup]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!stripe) return;
    setError(null);
    setIsWorking(true);
    try {
      const result = await stripe.stripe.confirmSetup({ elements: stripe.elements, redirect: 'if_required' });
      if (result.error) {
        setError(result.error.message ?? t('errors.GENERIC_TRY_LATER'));
        return;
      }
      const failure = await onSaveCard(result.setupIntent.id);
      if (failure) setError(failure);
    } finally {
      setIsWorking(false);
    }
  };

  if (isLoadFailed) return <Alert severity="error">{t('payment.card.stripeUnavailable')}</Alert>;
  return (
    <Stack component="form" noValidate spacing={2} onSubmit={(event) => void submit(event)}>
      {error && (
        <Alert severity="error" role="alert">
          {error}
        </Alert>
      )}
      {!stripe && <Skeleton variant="rounded" height={180} aria-label={t('common.loading')} />}
      <Box ref={mountPoint} />
      <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
        <Button type="submit" variant="contained" disabled={!stripe} loading={isWorking}>
          {t('payment.card.save')}
        </Button>
      </Stack>
    </Stack>
  );
};
