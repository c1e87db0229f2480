import type { PaymentPlan } from '@carta/contract/payments';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney, formatPercent, periodKey } from './billing-format.ts';

/** One line of a payment's summary list (`dt` and `dd`): the total in bold and larger. */
export const SummaryRow = ({
  label,
  value,
  isTotal = false,
  testId,
}: {
  label: ReactNode;
  value: ReactNode;
  isTotal?: boolean | undefined;
  testId?: string | undefined;
}) => (
  <>
    <Typography
      component="dt"
      color={isTotal ? 'text.primary' : 'text.secondary'}
      sx={{ fontWeight: isTotal ? 700 : 400 }}
    >
      {label}
    </Typography>
    <Typography
      component="dd"
      sx={{
        m: 0,
        textAlign: 'right',
        fontWeight: isTotal ? 700 : 500,
        fontSize: isTotal ? '1.25rem' : undefined,
      }}
      data-testid={testId}
    >
      {value}
    </Typography>
  </>
);

/**
 * What a plan costs, line by line: net, VAT (or reverse charge), the total, and its period. `periodText`
 * says when the period runs (from today, or from the end of a partner's offer).
 */
export const PlanSummary = ({ plan, periodText }: { plan: PaymentPlan; periodText: ReactNode }) => {
  const { t } = useTranslation();
  const period = periodKey(plan.months);
  const rows: { key: string; label: ReactNode; value: ReactNode; isTotal?: boolean }[] = [
    {
      key: 'plan',
      label: t('payment.summary.plan'),
      value: t('payment.summary.planName', { period: t(`billing.period.${period}`, { count: plan.months }) }),
    },
    { key: 'period', label: t('payment.summary.period'), value: periodText },
    { key: 'net', label: t('payment.summary.net'), value: formatMoney(plan.netCents, plan.currency) },
    plan.reverseCharge
      ? { key: 'vat', label: t('payment.summary.vat'), value: t('payment.summary.reverseCharge') }
      : {
          key: 'vat',
          label: t('payment.summary.vatRate', { rate: formatPercent(plan.vat) }),
          value: formatMoney(plan.vatCents, plan.currency),
        },
    {
      key: 'total',
      label: t(`payment.summary.total.${period}`, { count: plan.months }),
      value: formatMoney(plan.grossCents, plan.currency),
      isTotal: true,
    },
  ];
  return (
    <Box
      component="dl"
      sx={{ m: 0, display: 'grid', gridTemplateColumns: 'auto minmax(0, 1fr)', columnGap: 2, rowGap: 1 }}
      data-testid="plan-summary"
    >
      {rows.map((row) => (
        <Fragment key={row.key}>
          {row.isTotal && (
            <Box aria-hidden sx={{ gridColumn: '1 / -1', borderTop: 1, borderColor: 'divider' }} />
          )}
          <SummaryRow
            label={row.label}
            value={row.value}
            isTotal={row.isTotal}
            testId={row.isTotal ? 'plan-summary-total' : undefined}
          />
        </Fragment>
      ))}
    </Box>
  );
};
