import DeleteOutline from '@mui/icons-material/DeleteOutline';
import NightlightOutlined from '@mui/icons-material/NightlightOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WeekdayChips } from '../../components/weekday-chips.tsx';
import { type RuleDraft, timedRuleOf } from './rule-draft.ts';
import { formatTime, ruleSummary } from './schedule-summary.ts';
import { TimeField } from './time-field.tsx';

/** One scheduling rule's card: its days, its hours (or all day) and its zone, summed up on top. */
export const RuleEditor = ({
  rule,
  zones,
  issues,
  onChange,
  onRemove,
}: {
  rule: RuleDraft;
  zones: { id: number; name: string }[];
  issues: Record<string, string>;
  onChange: (rule: RuleDraft) => void;
  onRemove: () => void;
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const zoneName = zones.find((zone) => zone.id === rule.tableZone)?.name ?? null;
  const isOvernight = !rule.isAllDay && rule.endTime < rule.startTime;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="scheduling-rule">
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, pt: 1 }} data-testid="rule-summary">
            {ruleSummary({ ...timedRuleOf(rule), zoneName }, t, language)}
          </Typography>
          <Tooltip title={t('schedulings.remove')}>
            <IconButton aria-label={t('schedulings.remove')} onClick={onRemove}>
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack spacing={1}>
          <WeekdayChips
            days={rule.days}
            onChange={(days) => onChange({ ...rule, days })}
            wholeWeekLabel={t('schedulings.allWeek')}
            groupLabel={{ 'aria-label': t('schedulings.days') }}
          />
          {issues.days && <FormHelperText error>{issues.days}</FormHelperText>}
        </Stack>
        <FormControlLabel
          control={
            <Switch
              checked={rule.isAllDay}
              onChange={(event) => onChange({ ...rule, isAllDay: event.target.checked })}
            />
          }
          label={t('schedulings.allDay')}
          sx={{ alignSelf: 'flex-start' }}
        />
        {/* Columns that shrink with the card: at any width every field stays inside it. */}
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            // The zone's name is the longest: it gets the widest column.
            gridTemplateColumns: {
              xs: 'repeat(2, minmax(0, 1fr))',
              sm: 'minmax(0, 1fr) minmax(0, 1fr) minmax(0, 2fr)',
            },
          }}
        >
          {!rule.isAllDay && (
            <>
              <TimeField
                label={t('schedulings.start')}
                value={rule.startTime}
                onChange={(startTime) => onChange({ ...rule, startTime })}
                error={Boolean(issues.startTime)}
                helperText={issues.startTime}
              />
              <TimeField
                label={t('schedulings.end')}
                value={rule.endTime}
                onChange={(endTime) => onChange({ ...rule, endTime })}
                error={Boolean(issues.endTime)}
                helperText={issues.endTime}
              />
            </>
          )}
          <TextField
            select
            label={t('schedulings.zone')}
            value={rule.tableZone ?? ''}
            onChange={(event) =>
              onChange({ ...rule, tableZone: event.target.value === '' ? null : Number(event.target.value) })
            }
            sx={{ gridColumn: rule.isAllDay ? '1 / -1' : { xs: '1 / -1', sm: 'auto' } }}
          >
            <MenuItem value="">{t('schedulings.everyZone')}</MenuItem>
            {zones.map((zone) => (
              <MenuItem key={zone.id} value={zone.id}>
                {zone.name}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        {isOvernight && (
          <Alert severity="info" icon={<NightlightOutlined />}>
            {t('schedulings.overnightHelp', {
              start: formatTime(rule.startTime, language),
              end: formatTime(rule.endTime, language),
            })}
          </Alert>
        )}
      </Stack>
    </Paper>
  );
};
