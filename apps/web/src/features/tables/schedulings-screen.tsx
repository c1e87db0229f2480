import type { Scheduling } from '@carta/contract/entities';
import Add from '@mui/icons-material/Add';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useMenus } from '../../api/get-menus.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useSchedulings } from './api/get-schedulings.ts';
import { useZones } from './api/get-zones.ts';
import { PreviewPanel } from './preview-panel.tsx';
import { RuleEditor } from './rule-editor.tsx';
import { useSchedulingRules } from './use-scheduling-rules.ts';

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
  const rules = useSchedulingRules(clubId, menuId, initial);
  const guard = useUnsavedChangesGuard(rules.isDirty);
  return (
    <Grid container spacing={3}>
      {guard.dialog}
      <Grid size={{ xs: 12, md: 7 }}>
        <Stack spacing={2}>
          {rules.rules.length === 0 && <Alert severity="info">{t('schedulings.none')}</Alert>}
          {rules.rules.map((rule, index) => (
            <RuleEditor
              key={rule.key}
              rule={rule}
              zones={zones.data?.tableZones ?? []}
              issues={rules.issues[rule.key] ?? {}}
              onChange={(changed) => rules.change(index, changed)}
              onRemove={() => rules.remove(index)}
            />
          ))}
          {rules.overlap && <Alert severity="info">{rules.overlap}</Alert>}
          <Stack
            direction={{ xs: 'column', sm: 'row' }}
            spacing={1.5}
            sx={{ justifyContent: 'space-between' }}
          >
            <Button startIcon={<Add />} onClick={rules.add}>
              {t('schedulings.add')}
            </Button>
            <Button
              variant="contained"
              size="large"
              disabled={!rules.isDirty}
              loading={rules.isSaving}
              onClick={() => void rules.save()}
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
