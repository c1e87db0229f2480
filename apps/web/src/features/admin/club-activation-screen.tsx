import './admin-i18n.ts';
import type { ClubActivationLink, ClubActivationResponse } from '@carta/contract/club-activation';
import BlockOutlined from '@mui/icons-material/BlockOutlined';
import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HourglassEmptyOutlined from '@mui/icons-material/HourglassEmptyOutlined';
import LinkOffOutlined from '@mui/icons-material/LinkOffOutlined';
import VerifiedOutlined from '@mui/icons-material/VerifiedOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { dateFormat } from '../../lib/date-formats.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useActivateClubWithLink, useClubActivationLink } from './api/club-activation.ts';

const isInvalidLink = (error: unknown) =>
  error instanceof ApiError &&
  (error.code === 'CLUB_ACTIVATION_LINK_INVALID' || error.code === 'VALIDATION_ERROR');

/**
 * Where the operations email's activation link lands (0053): it names the club and activates it on a
 * click. Opening the link changes nothing, so a mail scanner that follows it activates no club.
 */
export const ClubActivationScreen = () => {
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const link = useClubActivationLink(token);
  const activation = useActivateClubWithLink();
  const { enqueueSnackbar } = useSnackbar();
  // An invalid link shows its own page; any other failure leaves the button to try again.
  const activate = () =>
    activation.mutate(token, {
      onError: (error) => {
        if (!isInvalidLink(error)) enqueueSnackbar(t('errors.GENERIC_TRY_LATER'), { variant: 'error' });
      },
    });

  const consoleButton = (club?: { clubName: string }) => (
    <Button
      component={RouterLink}
      to={
        club
          ? `/admin?${new URLSearchParams({ tab: 'clubs', filter: 'all', search: club.clubName })}`
          : '/admin'
      }
      variant={club ? 'outlined' : 'contained'}
    >
      {club ? t('admin.clubActivation.openInConsole') : t('admin.clubActivation.openConsole')}
    </Button>
  );
  const invalid = (
    <NoticeScreen
      icon={<LinkOffOutlined />}
      title={t('admin.clubActivation.invalidTitle')}
      text={t('errors.CLUB_ACTIVATION_LINK_INVALID')}
      actions={consoleButton()}
    />
  );

  if (token === '') return invalid;
  const outcome: ClubActivationResponse | undefined = activation.data;
  if (outcome?.outcome === 'activated') {
    return (
      <NoticeScreen
        icon={<VerifiedOutlined />}
        title={t('admin.clubActivation.activatedTitle', { club: outcome.clubName })}
        text={t('admin.clubActivation.activatedText', { owner: outcome.owner })}
        actions={consoleButton(outcome)}
      />
    );
  }
  if (activation.isError && isInvalidLink(activation.error)) return invalid;
  const club: ClubActivationLink | undefined = outcome ?? link.data;
  if (!club) {
    if (link.isPending) return <CenteredSpinner />;
    return isInvalidLink(link.error) ? invalid : <QueryError onRetry={() => void link.refetch()} />;
  }

  if (club.state === 'disabledByPlatform') {
    return (
      <NoticeScreen
        icon={<BlockOutlined />}
        title={t('admin.clubActivation.suspendedTitle', { club: club.clubName })}
        text={t('admin.clubActivation.suspendedText')}
        actions={consoleButton(club)}
      />
    );
  }
  if (club.state !== 'waitingForActivation') {
    const since = club.activatedAt
      ? dateFormat({ dateStyle: 'long', timeStyle: 'short' }).format(new Date(club.activatedAt))
      : null;
    return (
      <NoticeScreen
        icon={<CheckCircleOutlined />}
        title={t('admin.clubActivation.alreadyTitle', { club: club.clubName })}
        text={
          since
            ? t('admin.clubActivation.alreadySince', { date: since })
            : t('admin.clubActivation.alreadyText')
        }
        actions={consoleButton(club)}
      />
    );
  }
  return (
    <NoticeScreen
      icon={<HourglassEmptyOutlined />}
      title={t('admin.clubActivation.confirmTitle', { club: club.clubName })}
      text={t('admin.clubActivation.confirmText', {
        club: club.clubName,
        owner: club.owner,
        city: club.city,
      })}
      actions={
        <>
          <Button variant="contained" loading={activation.isPending} onClick={activate}>
            {t('admin.clubActivation.activate', { club: club.clubName })}
          </Button>
          {consoleButton(club)}
        </>
      }
    />
  );
};
