import AutoAwesomeOutlined from '@mui/icons-material/AutoAwesomeOutlined';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { usePublicConfig } from '../../api/get-public-config.ts';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { BillingProfileForm } from './billing-profile-form.tsx';
import { InvoicesPanel } from './invoices-panel.tsx';
import { PaymentMethodsPanel } from './payment-methods-panel.tsx';

/**
 * /clubs/:clubId/profile/billing: who the invoices are made out to (company, VAT number, billing
 * address), the cards that pay (one primary), and the invoices with their PDFs.
 */
export const BillingScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const club = useClub(clubId);
  const provider = usePublicConfig().data?.payments.provider;
  return (
    <>
      <ScreenHeader
        title={t('screens.billing')}
        subtitle={t('billing.subtitle')}
        action={
          <Button
            variant="outlined"
            startIcon={<AutoAwesomeOutlined />}
            component={RouterLink}
            to={`/clubs/${clubId}/profile/plan`}
          >
            {t('billing.planLink')}
          </Button>
        }
      />
      <Stack spacing={3} sx={{ maxWidth: 900 }}>
        <PaymentMethodsPanel clubId={clubId} addMode={provider === 'sandbox' ? 'dialog' : 'paymentScreen'} />
        <InvoicesPanel clubId={clubId} />
        {club.isError ? (
          <QueryError onRetry={() => void club.refetch()} />
        ) : club.data ? (
          <BillingProfileForm key={club.data.id} club={club.data} />
        ) : (
          <Skeleton variant="rounded" height={320} />
        )}
      </Stack>
    </>
  );
};
