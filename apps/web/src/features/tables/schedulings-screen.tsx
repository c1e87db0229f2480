import type { Scheduling } from '@carta/contract/entities';
import { SaveSchedulingsRequestSchema } from '@carta/contract/tables';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import NightlightOutlined from '@mui/icons-material/NightlightOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useMenus } from '../../api/get-menus.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { translateMessageKey } from '../../lib/i18n.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { usePreview } from './api/get-preview.ts';
import { useSchedulings } from './api/get-schedulings.ts';
import { useTables } from './api/get-tables.ts';
import { useZones } from './api/get-zones.ts';
import { useSaveSchedulings } from './api/save-schedulings.ts';
import { formatTime, ruleSummary, weekdayName } from './schedule-summary.ts';
import { TimeField } from './time-field.tsx';

type RuleDraft = {
  key: string;
  id?: number;
  days: number[];
  isAllDay: boolean;
  startTime: string;
  endTime: string;
  tableZone: number | null;
};

const DAYS = [1, 2, 3, 4, 5, 6, 7];
/** A key for React: rules not saved yet have no id. */
const newKey = () => `rule-${Math.random().toString(36).slice(2)}`;
const draftOf = (rule?: Scheduling): RuleDraft => ({
  key: newKey(),
  ...(rule ? { id: rule.id } : {}),
  days: rule?.days ?? [1, 2, 3, 4, 5],
  isAllDay: rule ? rule.startTime === null : false,
  startTime: rule?.startTime ?? '12:00',
  endTime: rule?.endTime ?? '15:00',
  tableZone: rule?.tableZone ?? null,
});
const requestOf = (drafts: RuleDraft[]) => ({
  schedulings: drafts.map(({ id, days, isAllDay, startTime, endTime, tableZone }) => ({
    ...(id ? { id } : {}),
    days,
    startTime: isAllDay ? null : startTime,
    endTime: isAllDay ? null : endTime,
    tableZone,
  })),
});

/** Minutes of the week a rule covers, to tell the owner when two rules overlap. */
const coveredSlots = (rule: RuleDraft) => {
  const slots = new Set<number>();
  const [start, end] = rule.isAllDay
    ? [0, 24 * 60]
    : ([rule.startTime, rule.endTime].map(
        (time) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5)),
      ) as [number, number]);
  for (const day of rule.days) {
    const length = end > start ? end - start : 24 * 60 - start + end;
    for (let minute = 0; minute < length; minute += 15)
      slots.add(((day - 1) * 24 * 60 + start + minute) % (7 * 24 * 60));
  }
  return slots;
};

const RuleEditor = ({
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
  const isAllWeek = rule.days.length === 7;
  const toggleDay = (day: number) =>
    onChange({
      ...rule,
      days: rule.days.includes(day)
        ? rule.days.filter((candidate) => candidate !== day)
        : [...rule.days, day].sort(),
    });
  const zoneName = zones.find((zone) => zone.id === rule.tableZone)?.name ?? null;
  const isOvernight = !rule.isAllDay && rule.endTime < rule.startTime;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 2.5 } }} data-testid="scheduling-rule">
      <Stack spacing={2}>
        <Stack direction="row" sx={{ alignItems: 'flex-start', gap: 1 }}>
          <Typography sx={{ fontWeight: 600, flex: 1, minWidth: 0, pt: 1 }} data-testid="rule-summary">
            {ruleSummary(
              {
                ...rule,
                startTime: rule.isAllDay ? null : rule.startTime,
                endTime: rule.isAllDay ? null : rule.endTime,
                zoneName,
              },
              t,
              language,
            )}
          </Typography>
          <Tooltip title={t('schedulings.remove')}>
            <IconButton aria-label={t('schedulings.remove')} onClick={onRemove}>
              <DeleteOutline />
            </IconButton>
          </Tooltip>
        </Stack>
        <Stack spacing={1}>
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1 }}
            role="group"
            aria-label={t('schedulings.days')}
          >
            {DAYS.map((day) => {
              const isOn = rule.days.includes(day);
              return (
                <Chip
                  key={day}
                  label={weekdayName(day, language)}
                  aria-label={weekdayName(day, language, 'long')}
                  aria-pressed={isOn}
                  color={isOn ? 'primary' : 'default'}
                  variant={isOn ? 'filled' : 'outlined'}
                  onClick={() => toggleDay(day)}
                  sx={{ minWidth: 52 }}
                />
              );
            })}
            <Chip
              label={t('schedulings.allWeek')}
              aria-pressed={isAllWeek}
              color={isAllWeek ? 'secondary' : 'default'}
              variant={isAllWeek ? 'filled' : 'outlined'}
              onClick={() => onChange({ ...rule, days: isAllWeek ? [] : DAYS })}
            />
          </Stack>
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

/** Who sees what: a table, a day and a time, and the menus that table would have. */
const PreviewPanel = ({ clubId }: { clubId: string }) => {
  const { t, i18n } = useTranslation();
  const tables = useTables(clubId);
  const [tableId, setTableId] = useState<number | null>(null);
  const [day, setDay] = useState(((new Date().getDay() + 6) % 7) + 1);
  const [time, setTime] = useState('13:00');
  const chosen = tableId ?? tables.data?.tables[0]?.id ?? null;
  const preview = usePreview(clubId, chosen, day, time);
  return (
    <Paper
      variant="outlined"
      sx={{ p: { xs: 2, sm: 2.5 } }}
      component="section"
      aria-labelledby="preview-title"
    >
      <Typography id="preview-title" variant="h3" component="h2" sx={{ mb: 0.5 }}>
        {t('schedulings.previewTitle')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('schedulings.previewText')}
      </Typography>
      {tables.data?.tables.length === 0 ? (
        <Typography color="text.secondary">
          {t('schedulings.noTables')}{' '}
          <Link component={RouterLink} to={`/clubs/${clubId}/qrcode`}>
            {t('schedulings.addTables')}
          </Link>
        </Typography>
      ) : (
        <Stack spacing={2}>
          <TextField
            select
            label={t('schedulings.table')}
            value={chosen ?? ''}
            onChange={(event) => setTableId(Number(event.target.value))}
          >
            {(tables.data?.tables ?? []).map((table) => (
              <MenuItem key={table.id} value={table.id}>
                {table.name}
              </MenuItem>
            ))}
          </TextField>
          <Stack direction="row" spacing={2}>
            <TextField
              select
              label={t('schedulings.day')}
              value={day}
              onChange={(event) => setDay(Number(event.target.value))}
              sx={{ flex: 1, minWidth: 0 }}
            >
              {DAYS.map((option) => (
                <MenuItem key={option} value={option}>
                  {weekdayName(option, i18n.language, 'long')}
                </MenuItem>
              ))}
            </TextField>
            <TimeField
              label={t('schedulings.time')}
              value={time}
              onChange={setTime}
              sx={{ flex: 1, minWidth: 0 }}
            />
          </Stack>
          <List
            dense
            aria-live="polite"
            aria-label={t('schedulings.previewResult')}
            data-testid="preview-result"
          >
            {preview.data?.menus.length === 0 && (
              <ListItem>
                <ListItemText primary={t('schedulings.previewNone')} />
              </ListItem>
            )}
            {preview.data?.menus.map((menu) => (
              <ListItem key={menu.id} divider>
                <ListItemText primary={menu.name} />
              </ListItem>
            ))}
          </List>
        </Stack>
      )}
    </Paper>
  );
};

const SchedulingsEditor = ({
  clubId,
  menuId,
  initial,
}: {
  clubId: string;
  menuId: string;
  initial: Scheduling[];
}) => {
  const { t } = useTranslation();
  const zones = useZones(clubId);
  const write = useSaveSchedulings(clubId, menuId);
  const runSave = useMutationWithToast(write);
  const [rules, setRules] = useState<RuleDraft[]>(() => initial.map(draftOf));
  const [saved, setSaved] = useState(() => JSON.stringify(requestOf(initial.map(draftOf))));
  const [issues, setIssues] = useState<Record<string, Record<string, string>>>({});
  const isDirty = JSON.stringify(requestOf(rules)) !== saved;
  const guard = useUnsavedChangesGuard(isDirty);

  const overlaps = rules.flatMap((rule, index) =>
    rules.slice(index + 1).flatMap((other) => {
      if (rule.tableZone !== null && other.tableZone !== null && rule.tableZone !== other.tableZone)
        return [];
      const slots = coveredSlots(rule);
      return [...coveredSlots(other)].some((slot) => slots.has(slot))
        ? [[index + 1, rules.indexOf(other) + 1]]
        : [];
    }),
  );

  const save = async () => {
    const request = requestOf(rules);
    const parsed = SaveSchedulingsRequestSchema.safeParse(request);
    if (!parsed.success) {
      const next: Record<string, Record<string, string>> = {};
      for (const issue of parsed.error.issues) {
        const [, index, field] = issue.path as [string, number, string];
        const key = rules[index]?.key;
        if (key) next[key] = { ...next[key], [field]: translateMessageKey(t, issue.message) };
      }
      setIssues(next);
      return;
    }
    setIssues({});
    const failure = await runSave(parsed.data, t('schedulings.saved'));
    if (failure === null) setSaved(JSON.stringify(request));
  };

  return (
    <Grid container spacing={3}>
      {guard.dialog}
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={2}>
          {rules.length === 0 && <Alert severity="info">{t('schedulings.none')}</Alert>}
          {rules.map((rule, index) => (
            <RuleEditor
              key={rule.key}
              rule={rule}
              zones={zones.data?.tableZones ?? []}
              issues={issues[rule.key] ?? {}}
              onChange={(changed) =>
                setRules((current) =>
                  current.map((candidate, position) => (position === index ? changed : candidate)),
                )
              }
              onRemove={() => setRules((current) => current.filter((_, position) => position !== index))}
            />
          ))}
          {overlaps.length > 0 && (
            <Alert severity="info">
              {t('schedulings.overlap', {
                rules: overlaps
                  .map(([first, second]) => `${first} ${t('schedulings.and')} ${second}`)
                  .join(', '),
              })}
            </Alert>
          )}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between' }}
          >
            <Button startIcon={<Add />} onClick={() => setRules((current) => [...current, draftOf()])}>
              {t('schedulings.add')}
            </Button>
            <Button
              variant="contained"
              size="large"
              disabled={!isDirty}
              loading={write.isPending}
              onClick={() => void save()}
            >
              {t('schedulings.save')}
            </Button>
          </Stack>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, md: 5 }}>
        <Box sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <PreviewPanel clubId={clubId} />
        </Box>
      </Grid>
    </Grid>
  );
};

/** /clubs/:clubId/menu/:menuId/schedulings: when, and for which zone, a menu is offered. */
export const SchedulingsScreen = () => {
  const { t } = useTranslation();
  const { clubId = '', menuId = '' } = useParams();
  const rules = useSchedulings(clubId, menuId);
  // The list of menus (light, and usually cached by the menu list already) names this one.
  const menus = useMenus(clubId);
  const menuName = menus.data?.find((menu) => String(menu.id) === menuId)?.name;
  if (rules.isError) return <QueryError onRetry={() => void rules.refetch()} />;
  if (!rules.data || (!menuName && menus.isPending)) return <CenteredSpinner isDelayed />;
  return (
    <>
      <Breadcrumbs sx={{ mb: 1 }} aria-label={t('items.breadcrumbs')}>
        <Link component={RouterLink} to={`/clubs/${clubId}/menu`} color="inherit">
          {t('screens.menuList')}
        </Link>
        <Link component={RouterLink} to={`/clubs/${clubId}/menu/${menuId}`} color="inherit">
          {menuName ?? t('schedulings.backToMenu')}
        </Link>
        <Typography color="text.primary">{t('screens.schedulings')}</Typography>
      </Breadcrumbs>
      <ScreenHeader
        title={menuName ? t('schedulings.title', { name: menuName }) : t('screens.schedulings')}
        subtitle={t('schedulings.subtitle')}
      />
      <SchedulingsEditor clubId={clubId} menuId={menuId} initial={rules.data.schedulings} />
    </>
  );
};
