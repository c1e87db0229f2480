import type { PaymentPlan } from '@carta/contract/payments';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { formatMoney, periodKey } from './billing-format.ts';
import type { Label, PlanAction } from './plan-choices.ts';

export type PlanHandlers = {
  onChange: (plan: PaymentPlan) => void;
  onReactivate: (plan: PaymentPlan) => void;
  onReactivateWith: (plan: PaymentPlan) => void;
  isWorking: boolean;
};

/** The button (or chip) of one plan, as the server's choice for it says. */
const ActionOf = ({
  action,
  plan,
  handlers,
}: {
  action: PlanAction;
  plan: PaymentPlan;
  handlers: PlanHandlers;
}) => {
  const { t } = useTranslation();
  const helperId = useId();
  const text = (label: Label) => t(label.key, label.options);
  const sx = { flexShrink: 0 };
  switch (action.type) {
    case 'link':
      return (
        <Button
          variant={action.isPrimary ? 'contained' : 'outlined'}
          component={RouterLink}
          to={action.to}
          sx={sx}
        >
          {text(action.label)}
        </Button>
      );
    case 'change':
      return (
        <Button
          variant="outlined"
          disabled={handlers.isWorking}
          onClick={() => handlers.onChange(plan)}
          sx={sx}
        >
          {text(action.label)}
        </Button>
      );
    case 'reactivate':
      return (
        <Button
          variant="contained"
          loading={handlers.isWorking}
          onClick={() => handlers.onReactivate(plan)}
          sx={sx}
        >
          {text(action.label)}
        </Button>
      );
    case 'reactivateWith':
      return (
        <Button
          variant="outlined"
          disabled={handlers.isWorking}
          onClick={() => handlers.onReactivateWith(plan)}
          sx={sx}
        >
          {text(action.label)}
        </Button>
      );
    case 'current':
      return <Chip color="primary" label={text(action.label)} sx={sx} data-testid="plan-choice-current" />;
    case 'unavailable':
      return (
        <Stack spacing={0.5} sx={{ alignItems: { xs: 'flex-start', sm: 'flex-end' }, maxWidth: { sm: 220 } }}>
          <Button variant="outlined" disabled aria-describedby={helperId}>
            {text(action.label)}
          </Button>
          <Typography
            id={helperId}
            variant="caption"
            color="text.secondary"
            sx={{ textAlign: { sm: 'right' } }}
          >
            {text(action.reason)}
          </Typography>
        </Stack>
      );
  }
};

type PriceOptionProps = { plan: PaymentPlan; action: PlanAction | null; handlers: PlanHandlers };

/** One of Smart's prices: period, amount, saving, and what choosing it does now. */
export const PriceOption = ({ plan, action, handlers }: PriceOptionProps) => {
  const { t } = useTranslation();
  const period = periodKey(plan.months);
  const isCurrent = action?.type === 'current';
  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, borderColor: isCurrent ? 'primary.main' : undefined, borderWidth: isCurrent ? 2 : 1 }}
      data-testid={`price-${period}`}
    >
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={1.5}
        sx={{ alignItems: { xs: 'flex-start', sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.25}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 600 }}>
              {t(`billing.period.${period}`, { count: plan.months })}
            </Typography>
            {plan.saving && (
              <Chip
                size="small"
                color="success"
                label={t('plan.savePercent', { percent: plan.saving.percent })}
              />
            )}
          </Stack>
          <Typography>
            <Box component="span" sx={{ fontSize: '1.5rem', fontWeight: 700 }}>
              {formatMoney(plan.grossCents, plan.currency)}
            </Box>{' '}
            <Box component="span" sx={{ color: 'text.secondary' }}>
              {t(`plan.per.${period}`, { count: plan.months })}
            </Box>
          </Typography>
          {plan.saving && (
            <Typography variant="body2" color="text.secondary">
              {t('plan.perMonthAndSaving', {
                perMonth: formatMoney(Math.round(plan.grossCents / plan.months), plan.currency),
                saving: formatMoney(plan.saving.cents, plan.currency),
              })}
            </Typography>
          )}
        </Stack>
        {action && <ActionOf action={action} plan={plan} handlers={handlers} />}
      </Stack>
    </Paper>
  );
};
