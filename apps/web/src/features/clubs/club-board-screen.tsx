import type { ClubState } from '@carta/contract/clubs';
import type { ClubDetails } from '@carta/contract/entities';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import ChevronRight from '@mui/icons-material/ChevronRight';
import ContactPhoneOutlined from '@mui/icons-material/ContactPhoneOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PauseCircleOutlined from '@mui/icons-material/PauseCircleOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import RoomServiceOutlined from '@mui/icons-material/RoomServiceOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import WorkspacePremiumOutlined from '@mui/icons-material/WorkspacePremiumOutlined';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, type ReactNode, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { can } from '../../lib/club-roles.ts';
import { dateFormat } from '../../lib/date-formats.ts';
import { ClubQueryGate } from './club-query-gate.tsx';
import { ViewsChart } from './views-chart.tsx';

const STATE_LOOK: Record<ClubState, { icon: ReactNode; color: 'success' | 'warning' | 'error' | 'info' }> = {
  waitingForActivation: { icon: <HourglassEmptyOutlined />, color: 'info' },
  active: { icon: <CheckCircleOutlined />, color: 'success' },
  disabledByOwner: { icon: <PauseCircleOutlined />, color: 'warning' },
  disabledByPlatform: { icon: <BlockOutlined />, color: 'error' },
};

/** Where the next step of each state leads. */
const nextStepPath: Record<ClubState, string> = {
  waitingForActivation: 'menu',
  active: 'qrcode',
  disabledByOwner: 'profile/settings',
  disabledByPlatform: 'notice',
};

export const formatDate = (isoDate: string) =>
  dateFormat({ dateStyle: 'long' }).format(new Date(`${isoDate}T12:00:00`));

/**
 * While the club waits for activation, its guest page as the owner's preview (0073): the first table's,
 * or the way to add one.
 */
// Only a club waiting for activation shows it: kept out of the board's first load.
const GuestPreviewButton = lazy(() =>
  import('../../components/guest-preview-button.tsx').then((module) => ({
    default: module.GuestPreviewButton,
  })),
);

const BoardGuestPreview = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  if (club.counts.tables === 0)
    return (
      <Button variant="outlined" component={RouterLink} to={`/clubs/${club.id}/qrcode`}>
        {t('guestPreview.addTable')}
      </Button>
    );
  return (
    <Suspense fallback={null}>
      <GuestPreviewButton clubId={String(club.id)} />
    </Suspense>
  );
};

const StateCard = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const look = STATE_LOOK[club.state];
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, height: '100%' }} data-testid="club-state">
      <Stack spacing={1.5} sx={{ height: '100%' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Box sx={{ color: `${look.color}.main`, display: 'flex' }} aria-hidden>
            {look.icon}
          </Box>
          <Typography variant="h2" component="h2">
            {t(`clubState.${club.state}.label`)}
          </Typography>
        </Stack>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {t(`clubState.${club.state}.text`)}
        </Typography>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 1.5, alignItems: { sm: 'center' } }}>
          <Button
            variant="contained"
            component={RouterLink}
            to={`/clubs/${club.id}/${nextStepPath[club.state]}`}
          >
            {t(`clubState.${club.state}.action`)}
          </Button>
          {club.state === 'waitingForActivation' && <BoardGuestPreview club={club} />}
        </Stack>
      </Stack>
    </Paper>
  );
};

const PlanCard = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const { plan } = club;
  const expiry = plan.expiresOn ? t('board.plan.until', { date: formatDate(plan.expiresOn) }) : null;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 }, height: '100%' }} data-testid="club-plan">
      <Stack spacing={1.5} sx={{ height: '100%' }}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <WorkspacePremiumOutlined color={plan.isSmart ? 'primary' : 'action'} aria-hidden />
          <Typography variant="h2" component="h2">
            {t(`board.plan.${plan.kind}.label`, { brand: club.brand?.name ?? '' })}
          </Typography>
          {plan.isSmart && <Chip size="small" color="primary" label="Smart" />}
        </Stack>
        <Typography color="text.secondary" sx={{ flex: 1 }}>
          {t(`board.plan.${plan.kind}.text`)}
          {expiry && ` ${expiry}`}
        </Typography>
        <Box>
          <Button variant="outlined" component={RouterLink} to={`/clubs/${club.id}/profile/plan`}>
            {plan.isSmart ? t('board.plan.manage') : t('board.plan.upgrade')}
          </Button>
        </Box>
      </Stack>
    </Paper>
  );
};

const CountTile = ({ value, label, to }: { value: number; label: string; to: string }) => (
  <Card variant="outlined" sx={{ height: '100%' }}>
    <CardActionArea component={RouterLink} to={to} sx={{ p: 2, height: '100%' }}>
      <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.1 }}>{value}</Typography>
      <Typography color="text.secondary">{label}</Typography>
    </CardActionArea>
  </Card>
);

/** /clubs/:clubId/profile: the club at a glance, and where to go next. */
export const ClubBoardScreen = () => {
  const { t } = useTranslation();
  return (
    <ClubQueryGate>
      {(club) => {
        const link = (path: string) => `/clubs/${club.id}/${path}`;
        const quickLinks = [
          { path: 'profile/contacts', icon: <ContactPhoneOutlined />, label: t('board.links.contacts') },
          { path: 'profile/settings', icon: <TuneOutlined />, label: t('board.links.settings') },
          { path: 'profile/theme', icon: <PaletteOutlined />, label: t('board.links.theme') },
          { path: 'menu', icon: <MenuBookOutlined />, label: t('board.links.menus') },
          { path: 'qrcode', icon: <QrCode2Outlined />, label: t('board.links.qrCodes') },
          { path: 'service', icon: <RoomServiceOutlined />, label: t('board.links.service') },
          // People and plan are the owner's (docs/product.md, Staff and roles).
          ...(can(club.role, 'managePeople')
            ? [{ path: 'people', icon: <GroupOutlined />, label: t('board.links.people') }]
            : []),
        ];
        const isOwner = can(club.role, 'managePlan');
        return (
          <>
            <ScreenHeader
              title={club.name}
              subtitle={club.clubAddress}
              avatar={
                <Avatar
                  src={club.logo ?? undefined}
                  alt=""
                  variant="rounded"
                  sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontWeight: 700 }}
                >
                  {club.name.slice(0, 1).toUpperCase()}
                </Avatar>
              }
            />
            <Grid container spacing={2}>
              <Grid size={{ xs: 12, md: isOwner ? 7 : 12 }}>
                <StateCard club={club} />
              </Grid>
              {isOwner && (
                <Grid size={{ xs: 12, md: 5 }}>
                  <PlanCard club={club} />
                </Grid>
              )}
              {(
                [
                  ['menus', 'menu'],
                  ['tables', 'qrcode'],
                  ['items', 'menu'],
                ] as const
              ).map(([count, path]) => (
                <Grid key={count} size={{ xs: 4 }}>
                  <CountTile
                    value={club.counts[count]}
                    label={t(`board.counts.${count}`, { count: club.counts[count] })}
                    to={link(path)}
                  />
                </Grid>
              ))}
              <Grid size={12}>
                <ViewsChart clubId={String(club.id)} />
              </Grid>
              <Grid size={12}>
                <Paper variant="outlined">
                  <List disablePadding aria-label={t('board.links.label')}>
                    {quickLinks.map(({ path, icon, label }, index) => (
                      // A list holds list items only: each link in an <li> of its own.
                      <ListItem key={path} disablePadding>
                        <ListItemButton
                          component={RouterLink}
                          to={link(path)}
                          divider={index < quickLinks.length - 1}
                        >
                          <ListItemIcon>{icon}</ListItemIcon>
                          <ListItemText primary={label} />
                          <ChevronRight color="action" aria-hidden />
                        </ListItemButton>
                      </ListItem>
                    ))}
                  </List>
                </Paper>
              </Grid>
            </Grid>
          </>
        );
      }}
    </ClubQueryGate>
  );
};
