import type { SubscriptionSummary } from '@carta/contract/payments';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/date-formats.ts';
import { subscriptionChip } from './subscription-summary.ts';

const formatDay = (day: string) =>
  dateFormat({ day: '2-digit', month: '2-digit', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day.slice(0, 10)}T12:00:00Z`),
  );

/** A venue's plan and its state: "Smart · annuale · fino al 12/03/2027", "Free", "Pagamento non riuscito". */
export const SubscriptionChip = ({ subscription }: { subscription: SubscriptionSummary }) => {
  const { t } = useTranslation();
  const chip = subscriptionChip(subscription, formatDay);
  const { period, ...options } = chip.options;
  const text = t(chip.key, {
    ...options,
    ...(typeof period === 'string' ? { period: t(period, { count: options.count }) } : {}),
  });
  return (
    <Chip size="small" variant="outlined" color={chip.color} label={text} data-testid="admin-club-plan" />
  );
};
