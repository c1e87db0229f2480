import { FREE_PLAN_MAX_MENUS } from '@carta/contract/limits';
import type { MenuCard } from '@carta/contract/menus';
import Add from '@mui/icons-material/Add';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { menusQueryOptions, useMenus } from '../../api/get-menus.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteMenu } from './api/delete-menu.ts';
import { useDuplicateMenu } from './api/duplicate-menu.ts';
import { useUpdateMenus } from './api/update-menus.ts';
import { useClubPlan } from './api/use-club-plan.ts';
import { moved } from './list-changes.ts';
import { MenuCopyButton } from './menu-copy-button.tsx';
import { MenuPdfButton } from './menu-pdf-button.tsx';

/** /clubs/:clubId/menu: the club's menus as cards, in the order guests see them. */
export const MenuListScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const queryClient = useQueryClient();
  const menus = useMenus(clubId);
  const isSmart = useClubPlan(clubId);
  const update = useUpdateMenus(clubId);
  const duplicate = useDuplicateMenu(clubId);
  const remove = useDeleteMenu(clubId);
  const runUpdate = useMutationWithToast(update);
  const runDuplicate = useMutationWithToast(duplicate);
  const runDelete = useMutationWithToast(remove);
  const isWriting = update.isPending || duplicate.isPending || remove.isPending;
  const [deleting, setDeleting] = useState<MenuCard | null>(null);

  const move = (menu: MenuCard, position: number) => {
    const key = menusQueryOptions(clubId).queryKey;
    queryClient.setQueryData(key, (current) => (current ? moved(current, menu, position) : current));
    void runUpdate({ menus: [{ id: menu.id, position }] });
  };

  const count = menus.data?.length ?? 0;
  const isAtLimit = isSmart === false && count >= FREE_PLAN_MAX_MENUS;
  const newMenuButton = (
    <Button
      variant="contained"
      startIcon={<Add />}
      component={RouterLink}
      to={`/clubs/${clubId}/menu/new`}
      disabled={isAtLimit}
    >
      {t('menus.new')}
    </Button>
  );
  // Smart only: a Free club's button leads to the import screen's upgrade prompt.
  const importButton = (
    <Tooltip describeChild title={isSmart === false ? t('menuImport.buttonSmartOnly') : ''}>
      <Button
        variant="outlined"
        startIcon={<UploadFileOutlined />}
        endIcon={
          isSmart === false ? (
            <Chip
              size="small"
              label={t('menuImport.smartBadge')}
              sx={{ '&&': { fontSize: '0.75rem' }, height: 20 }}
            />
          ) : undefined
        }
        component={RouterLink}
        to={`/clubs/${clubId}/menu/import`}
        disabled={isAtLimit}
      >
        {t('menuImport.button')}
      </Button>
    </Tooltip>
  );
  const headerActions = (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ alignSelf: { xs: 'stretch', sm: 'auto' } }}
    >
      {count > 0 && (
        <Button
          variant="outlined"
          startIcon={<LocalOfferOutlined />}
          component={RouterLink}
          to={`/clubs/${clubId}/menu/time-prices`}
        >
          {t('timePrices.button')}
        </Button>
      )}
      {importButton}
      {newMenuButton}
    </Stack>
  );

  if (menus.isError) return <QueryError onRetry={() => void menus.refetch()} />;
  if (!menus.data) return <CenteredSpinner isDelayed />;
  if (menus.data.length === 0)
    return (
      <NoticeScreen
        icon={<MenuBookOutlined />}
        title={t('menus.emptyTitle')}
        text={t('menus.emptyText')}
        actions={headerActions}
      />
    );

  return (
    <>
      <ScreenHeader title={t('screens.menuList')} subtitle={t('menus.subtitle')} action={headerActions} />
      {isSmart === false && (
        <Alert severity={isAtLimit ? 'warning' : 'info'} sx={{ mb: 2 }} data-testid="free-plan-notice">
          {isAtLimit
            ? t('errors.FREE_PLAN_MENU_LIMIT')
            : t('menus.freePlan', { count, max: FREE_PLAN_MAX_MENUS })}{' '}
          <Link component={RouterLink} to={`/clubs/${clubId}/profile/plan`}>
            {t('menus.discoverSmart')}
          </Link>
        </Alert>
      )}
      <SortableList
        rows={menus.data}
        labelOf={(menu) => menu.name}
        onMove={move}
        renderRow={(menu, handle) => (
          <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="menu-card">
            {/*
              A grid: on a phone the actions take a row of their own under the card's text, so the five
              buttons stay on one line; from a tablet up they sit under the switch, beside the text.
            */}
            <Box
              sx={{
                display: 'grid',
                gridTemplateColumns: 'auto minmax(0, 1fr) auto',
                gridTemplateAreas: {
                  xs: '"handle text switch" "actions actions actions"',
                  sm: '"handle text switch" "handle text actions"',
                },
                columnGap: 1,
                alignItems: 'start',
              }}
            >
              <Box sx={{ gridArea: 'handle', pt: 0.5 }}>{handle}</Box>
              <Stack spacing={0.5} sx={{ gridArea: 'text', minWidth: 0 }}>
                <Link
                  component={RouterLink}
                  to={`/clubs/${clubId}/menu/${menu.id}`}
                  variant="h3"
                  underline="hover"
                  color="text.primary"
                  sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                >
                  {menu.name}
                </Link>
                {menu.adminDisplayName && (
                  <Typography variant="body2" color="text.secondary">
                    {menu.adminDisplayName}
                  </Typography>
                )}
                <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1, pt: 0.5 }}>
                  <Chip
                    size="small"
                    variant="outlined"
                    label={`${t('menus.sectionCount', { count: menu.sectionCount })} · ${t('sections.itemCount', { count: menu.itemCount })}`}
                  />
                  {menu.hasSchedulings && (
                    <Chip size="small" icon={<ScheduleOutlined />} label={t('menus.scheduled')} />
                  )}
                  {menu.hasBanner && (
                    <Chip
                      size="small"
                      icon={<CampaignOutlined />}
                      label={t('menus.banner')}
                      component={RouterLink}
                      to={`/clubs/${clubId}/menu/${menu.id}/banner`}
                      clickable
                      aria-label={t('menus.bannerNamed', { name: menu.name })}
                    />
                  )}
                  {!menu.enabled && <Chip size="small" color="warning" label={t('menus.hidden')} />}
                </Stack>
              </Stack>
              <Box sx={{ gridArea: 'switch', justifySelf: 'end' }}>
                <Tooltip title={menu.enabled ? t('menus.visible') : t('menus.hidden')}>
                  <Switch
                    checked={menu.enabled}
                    onChange={(event) =>
                      void runUpdate(
                        { menus: [{ id: menu.id, enabled: event.target.checked }] },
                        t(event.target.checked ? 'menus.shown' : 'menus.hiddenDone', { name: menu.name }),
                      )
                    }
                    slotProps={{ input: { 'aria-label': t('menus.enabledLabel', { name: menu.name }) } }}
                  />
                </Tooltip>
              </Box>
              <Stack
                direction="row"
                sx={{
                  gridArea: 'actions',
                  flexWrap: 'wrap',
                  justifyContent: 'flex-end',
                  mr: { xs: -1, sm: 0 },
                }}
              >
                <Tooltip title={t('menus.edit')}>
                  <IconButton
                    component={RouterLink}
                    to={`/clubs/${clubId}/menu/${menu.id}/edit`}
                    aria-label={t('menus.editNamed', { name: menu.name })}
                  >
                    <EditOutlined />
                  </IconButton>
                </Tooltip>
                {!menu.hasBanner && (
                  <Tooltip title={t('menus.banner')}>
                    <IconButton
                      component={RouterLink}
                      to={`/clubs/${clubId}/menu/${menu.id}/banner`}
                      aria-label={t('banner.openNamed', { name: menu.name })}
                    >
                      <CampaignOutlined />
                    </IconButton>
                  </Tooltip>
                )}
                <Tooltip title={isAtLimit ? t('errors.FREE_PLAN_MENU_LIMIT') : t('menus.duplicate')}>
                  <span>
                    <IconButton
                      disabled={isAtLimit || isWriting}
                      aria-label={t('menus.duplicateNamed', { name: menu.name })}
                      onClick={() => void runDuplicate(menu.id, t('menus.duplicated', { name: menu.name }))}
                    >
                      <ContentCopyOutlined />
                    </IconButton>
                  </span>
                </Tooltip>
                <MenuCopyButton clubId={clubId} menu={menu} />
                <MenuPdfButton clubId={clubId} menu={menu} isSmart={isSmart} />
                <Tooltip title={t('common.delete')}>
                  <IconButton
                    aria-label={t('menus.deleteNamed', { name: menu.name })}
                    onClick={() => setDeleting(menu)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Box>
          </Paper>
        )}
      />
      <TypedConfirmDialog
        isOpen={deleting !== null}
        title={t('menus.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('menus.deleteText')}
        isWorking={isWriting}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const failure = await runDelete(deleting.id, t('menus.deleted', { name: deleting.name }));
          if (failure === null) setDeleting(null);
        }}
      />
    </>
  );
};
