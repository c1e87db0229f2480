import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { usePaymentState } from './api/get-payment-state.ts';

type PaymentFailedBannerProps = {
  clubId: string;
  clubName: string;
  /** False for an early adopter, who is never billed: nothing to ask. */
  isBilled: boolean;
};

/**
 * The countdown after a failed renewal, over every screen of the club (docs/product.md, Subscription): how many days are left
 * before the club goes back to the Free plan, and the way to a new payment method. The app frame loads it
 * once the page is idle (app-layout.tsx).
 */
export const PaymentFailedBanner = ({ clubId, clubName, isBilled }: PaymentFailedBannerProps) => {
  const { t } = useTranslation();
  const days = usePaymentState(clubId, { isEnabled: isBilled }).data?.daysBeforeDeactivation;
  if (days === null || days === undefined) return null;
  return (
    <Alert
      severity="error"
      data-testid="payment-failed-banner"
      sx={{ mb: 3, '& .MuiAlert-message': { flex: 1 } }}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <span>
          <strong>{t('paymentBanner.title')}</strong>{' '}
          {t('paymentBanner.text', { count: days, club: clubName })}
        </span>
        <Button
          variant="contained"
          color="error"
          size="small"
          component={RouterLink}
          to={`/clubs/${clubId}/payment`}
          sx={{ flexShrink: 0 }}
        >
          {t('paymentBanner.update')}
        </Button>
      </Stack>
    </Alert>
  );
};
