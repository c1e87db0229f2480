import type { PaymentMethod } from '@carta/contract/billing';
import Add from '@mui/icons-material/Add';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { QueryError } from '../../components/query-error.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { failureMessage, useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { usePaymentMethods } from './api/get-payment-methods.ts';
import { useMakePrimaryPaymentMethod } from './api/make-primary-payment-method.ts';
import { useRemovePaymentMethod } from './api/remove-payment-method.ts';
import { cardExpiry, cardName } from './billing-format.ts';
import { BillingSection } from './billing-section.tsx';
import { CardSetupForm } from './card-setup-form.tsx';

const MethodRow = ({
  method,
  isBusy,
  onMakePrimary,
  onRemove,
}: {
  method: PaymentMethod;
  isBusy: boolean;
  onMakePrimary: () => void;
  onRemove: () => void;
}) => {
  const { t } = useTranslation();
  const name = cardName(method);
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{ p: { xs: 1.5, sm: 2 }, listStyle: 'none' }}
      data-testid="payment-method"
    >
      <Box
        sx={{
          display: 'grid',
          gridTemplateColumns: { xs: 'auto minmax(0, 1fr) auto', sm: 'auto minmax(0, 1fr) auto auto' },
          gridTemplateAreas: {
            xs: '"icon text remove" "actions actions actions"',
            sm: '"icon text actions remove"',
          },
          alignItems: 'center',
          columnGap: 1.5,
          rowGap: 0.5,
        }}
      >
        <CreditCardOutlined
          color={method.isPrimary ? 'primary' : 'action'}
          sx={{ gridArea: 'icon' }}
          aria-hidden
        />
        <Box sx={{ gridArea: 'text', minWidth: 0 }}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 0.5 }}>
            <Typography sx={{ fontWeight: 600 }}>{name}</Typography>
            {method.isPrimary && <Chip size="small" color="primary" label={t('billing.methods.primary')} />}
          </Stack>
          <Typography variant="body2" color="text.secondary">
            {t('billing.methods.expires', { date: cardExpiry(method) })}
          </Typography>
        </Box>
        <Box sx={{ gridArea: 'actions' }}>
          {!method.isPrimary && (
            <Button size="small" disabled={isBusy} onClick={onMakePrimary}>
              {t('billing.methods.makePrimary')}
            </Button>
          )}
        </Box>
        <Tooltip title={t('billing.methods.remove')}>
          <span style={{ gridArea: 'remove' }}>
            <IconButton
              disabled={isBusy}
              onClick={onRemove}
              aria-label={t('billing.methods.removeNamed', { name })}
            >
              <DeleteOutline />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </Paper>
  );
};

type PaymentMethodsPanelProps = {
  clubId: string;
  /**
   * How a card is added: in a dialog (the sandbox's form), in place (the payment screen), or on the
   * payment screen (Stripe's form, which loads Stripe.js, lives there only).
   */
  addMode: 'dialog' | 'inline' | 'paymentScreen';
};

/** The club's saved cards: exactly one primary, which renewals charge; add, make primary, remove. */
export const PaymentMethodsPanel = ({ clubId, addMode }: PaymentMethodsPanelProps) => {
  const { t } = useTranslation();
  const methods = usePaymentMethods(clubId);
  const makePrimary = useMakePrimaryPaymentMethod(clubId);
  const runMakePrimary = useMutationWithToast(makePrimary);
  const remove = useRemovePaymentMethod(clubId);
  const { enqueueSnackbar } = useSnackbar();
  const [removing, setRemoving] = useState<PaymentMethod | null>(null);
  const [isAdding, setIsAdding] = useState(false);
  const isBusy = makePrimary.isPending || remove.isPending;
  const list = methods.data ?? [];
  const nextPrimary = removing?.isPrimary ? list.find((method) => method.id !== removing.id) : undefined;

  const askToRemove = (method: PaymentMethod) => {
    remove.reset();
    setRemoving(method);
  };
  // A refusal (the only card of a subscription that renews) is told in the dialog, beside the question.
  const confirmRemove = async () => {
    if (!removing) return;
    // Not useMutationWithToast: the dialog shows the refusal (the mutation's error), not a toast.
    try {
      await remove.mutateAsync(removing.id);
      enqueueSnackbar(t('billing.methods.removed', { name: cardName(removing) }), { variant: 'success' });
      setRemoving(null);
    } catch {
      // shown in the dialog
    }
  };

  const addButton =
    addMode === 'paymentScreen' ? (
      <Button variant="outlined" startIcon={<Add />} component={RouterLink} to={`/clubs/${clubId}/payment`}>
        {t('billing.methods.add')}
      </Button>
    ) : (
      <Button variant="outlined" startIcon={<Add />} onClick={() => setIsAdding(true)} disabled={isAdding}>
        {t('billing.methods.add')}
      </Button>
    );
  const cardForm = (
    <CardSetupForm
      clubId={clubId}
      onSaved={(method) => {
        setIsAdding(false);
        enqueueSnackbar(t('billing.methods.saved', { name: cardName(method) }), { variant: 'success' });
      }}
      onCancel={() => setIsAdding(false)}
    />
  );

  return (
    <BillingSection
      title={t('billing.methods.title')}
      text={t('billing.methods.text')}
      action={addMode === 'inline' && isAdding ? undefined : addButton}
      testId="payment-methods"
    >
      {methods.isError ? (
        <QueryError onRetry={() => void methods.refetch()} />
      ) : methods.isPending ? (
        <Stack spacing={1.5} aria-busy="true">
          <Skeleton variant="rounded" height={72} />
          <Skeleton variant="rounded" height={72} />
        </Stack>
      ) : list.length === 0 && !isAdding ? (
        <Typography color="text.secondary" sx={{ py: 2 }} data-testid="no-payment-methods">
          {t('billing.methods.empty')}
        </Typography>
      ) : (
        <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
          {list.map((method) => (
            <MethodRow
              key={method.id}
              method={method}
              isBusy={isBusy}
              onMakePrimary={() =>
                void runMakePrimary(method.id, t('billing.methods.madePrimary', { name: cardName(method) }))
              }
              onRemove={() => askToRemove(method)}
            />
          ))}
        </Stack>
      )}
      {addMode === 'inline' && isAdding && <Box sx={{ mt: 2 }}>{cardForm}</Box>}
      {addMode === 'dialog' && (
        <Dialog open={isAdding} onClose={() => setIsAdding(false)} fullWidth maxWidth="sm">
          <DialogTitle>{t('billing.methods.addTitle')}</DialogTitle>
          <DialogContent>{isAdding && cardForm}</DialogContent>
        </Dialog>
      )}
      <Dialog open={removing !== null} onClose={() => setRemoving(null)} fullWidth maxWidth="xs">
        <DialogTitle>
          {t('billing.methods.removeTitle', { name: removing ? cardName(removing) : '' })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {nextPrimary
              ? t('billing.methods.removePrimaryText', { name: cardName(nextPrimary) })
              : t('billing.methods.removeText')}
          </DialogContentText>
          {remove.isError && (
            <Alert severity="error" role="alert" sx={{ mt: 2 }}>
              {failureMessage(remove.error, t('errors.GENERIC_TRY_LATER'))}
            </Alert>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setRemoving(null)} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button
            color="error"
            variant="contained"
            loading={remove.isPending}
            onClick={() => void confirmRemove()}
          >
            {t('billing.methods.removeConfirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </BillingSection>
  );
};
