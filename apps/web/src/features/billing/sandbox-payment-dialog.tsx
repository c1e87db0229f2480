import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type SandboxPaymentDialogProps = {
  isOpen: boolean;
  /** What is being paid, formatted. */
  amount: string;
  /** Which answer is on its way, if any. */
  answering: boolean | null;
  onAnswer: (approve: boolean) => void;
};

/**
 * The sandbox's stand-in for a bank's 3-D Secure page: the test payment waits until the owner approves or
 * refuses it. It asks for an answer: Escape or a click outside do not close it.
 */
export const SandboxPaymentDialog = ({ isOpen, amount, answering, onAnswer }: SandboxPaymentDialogProps) => {
  const { t } = useTranslation();
  return (
    <Dialog
      open={isOpen}
      fullWidth
      maxWidth="xs"
      disableEscapeKeyDown
      aria-describedby="sandbox-payment-text"
    >
      <DialogTitle>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <ScienceOutlined color="warning" aria-hidden />
          <span>{t('payment.authentication.title')}</span>
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Chip size="small" color="warning" label={t('billing.sandboxChip')} sx={{ mb: 2 }} />
        <Typography sx={{ fontSize: '1.5rem', fontWeight: 700, mb: 1 }}>{amount}</Typography>
        <DialogContentText id="sandbox-payment-text">{t('payment.authentication.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button
          color="error"
          disabled={answering !== null}
          loading={answering === false}
          onClick={() => onAnswer(false)}
        >
          {t('payment.authentication.refuse')}
        </Button>
        <Button
          variant="contained"
          autoFocus
          disabled={answering !== null}
          loading={answering === true}
          onClick={() => onAnswer(true)}
        >
          {t('payment.authentication.approve')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
