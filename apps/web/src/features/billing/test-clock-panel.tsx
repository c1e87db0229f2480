import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RowForm } from '../../components/row-form.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useAdvanceTestClock } from './api/advance-test-clock.ts';

const MAX_DAYS = 400;

/**
 * The sandbox's test clock (never with real payments): moves this club's subscription forward so that a
 * renewal, a reminder or a failed payment's countdown can be seen without waiting a month.
 */
export const TestClockPanel = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const advance = useAdvanceTestClock(clubId);
  const runAdvance = useMutationWithToast(advance);
  const [days, setDays] = useState('30');
  const count = Number(days);
  const isValid = Number.isInteger(count) && count >= 1 && count <= MAX_DAYS;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isValid) void runAdvance(count, t('plan.testClock.done', { count }));
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="test-clock-title"
      sx={{
        p: { xs: 2, sm: 3 },
        borderStyle: 'dashed',
        borderColor: 'warning.main',
        bgcolor: 'rgba(237, 108, 2, 0.04)',
      }}
      data-testid="test-clock"
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <ScienceOutlined color="warning" aria-hidden />
          <Typography id="test-clock-title" variant="h3" component="h2">
            {t('plan.testClock.title')}
          </Typography>
          <Chip size="small" color="warning" label={t('billing.sandboxChip')} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('plan.testClock.text')}
        </Typography>
        <RowForm onSubmit={submit} from="sm" sx={{ alignItems: { sm: 'flex-start' } }}>
          <TextField
            label={t('plan.testClock.days')}
            type="number"
            value={days}
            onChange={(event) => setDays(event.target.value)}
            error={!isValid}
            helperText={isValid ? undefined : t('plan.testClock.daysHelp', { max: MAX_DAYS })}
            slotProps={{ htmlInput: { min: 1, max: MAX_DAYS, inputMode: 'numeric' } }}
            sx={{ width: { sm: 180 } }}
          />
          <Button
            type="submit"
            variant="outlined"
            color="warning"
            disabled={!isValid}
            loading={advance.isPending}
            sx={{ mt: { sm: 1 } }}
          >
            {t('plan.testClock.advance', { count: isValid ? count : 0 })}
          </Button>
        </RowForm>
      </Stack>
    </Paper>
  );
};
