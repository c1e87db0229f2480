import type { PaymentMethod } from '@carta/contract/billing';
import Add from '@mui/icons-material/Add';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cardExpiry, cardName } from '../billing-format.ts';
import { CardSetupForm } from '../card-setup-form.tsx';
import { RadioCard } from './radio-card.tsx';
import { StepButtons, StepPanel } from './step-panel.tsx';

const SavedCard = ({ method, isSelected }: { method: PaymentMethod; isSelected: boolean }) => {
  const { t } = useTranslation();
  return (
    <RadioCard
      value={String(method.id)}
      isSelected={isSelected}
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
  );
};

type CardChoiceProps = {
  clubId: string;
  methods: PaymentMethod[];
  selectedId: number | null;
  onSelect: (id: number) => void;
  onCardSaved: (method: PaymentMethod) => void;
};

/** The saved cards to choose from, and a new card: the form opens by itself when there is none. */
const CardChoice = ({ clubId, methods, selectedId, onSelect, onCardSaved }: CardChoiceProps) => {
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
              <SavedCard key={method.id} method={method} isSelected={selectedId === method.id} />
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

type CardStepProps = CardChoiceProps & {
  error: string | null;
  isWorking: boolean;
  onBack: () => void;
  onContinue: () => void;
};

/** Step 2: the card that pays (it becomes the primary one, which the renewals charge). */
export const CardStep = ({ error, isWorking, onBack, onContinue, ...choice }: CardStepProps) => {
  const { t } = useTranslation();
  return (
    <StepPanel title={t('payment.card.title')} takesFocus>
      <Typography color="text.secondary" sx={{ mb: 2 }}>
        {t('payment.card.text')}
      </Typography>
      {error && (
        <Alert severity="error" role="alert" sx={{ mb: 2 }}>
          {error}
        </Alert>
      )}
      <CardChoice {...choice} />
      <StepButtons>
        <Button onClick={onBack}>{t('payment.back')}</Button>
        <Button
          variant="contained"
          size="large"
          disabled={choice.selectedId === null}
          loading={isWorking}
          onClick={onContinue}
        >
          {t('payment.continue')}
        </Button>
      </StepButtons>
    </StepPanel>
  );
};
