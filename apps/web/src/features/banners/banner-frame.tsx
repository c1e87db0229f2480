import type { BannerDetails } from '@carta/contract/banners';
import type { ClubDetails, FullMenu } from '@carta/contract/entities';
import { DEFAULT_CURRENCY, formatItemPrice } from '@carta/contract/format-price';
import ArrowBack from '@mui/icons-material/ArrowBack';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { currentLanguage } from '../../lib/i18n.ts';
import { useBanner } from './api/get-banner.ts';
import { useBannerMenu } from './api/get-banner-menu.ts';
import { type BannerLook, DEFAULT_COLOURS } from './banner-view.tsx';
import { bannerVisibility } from './banner-visibility.ts';

export type BannerData = { club: ClubDetails; menu: FullMenu; banner: BannerDetails | null };

/** The ids of the banner's screens and the address they share. */
export const useBannerPath = () => {
  const { clubId = '', menuId = '' } = useParams();
  return { clubId, menuId, base: `/clubs/${clubId}/menu/${menuId}/banner` };
};

/** The colours a menu's guests see: its own theme or the club's, else the guest pages' own. */
export const coloursOf = ({ menu, club }: Pick<BannerData, 'menu' | 'club'>) => {
  const theme = menu.theme ?? club.theme;
  return theme ? { ...theme } : DEFAULT_COLOURS;
};

/** The menu's first dishes, under the banner in the preview. */
export const dishesOf = (menu: FullMenu) =>
  menu.sections
    .flatMap((section) => section.items)
    .slice(0, 3)
    .map((item) => ({
      id: item.id,
      name: item.name,
      price: formatItemPrice(item, { language: currentLanguage(), currency: DEFAULT_CURRENCY }),
    }));

/** A saved banner as the view draws it. */
export const lookOf = (banner: BannerDetails): BannerLook => ({
  ...banner,
  image: banner.image
    ? {
        src: banner.image.variants[0]?.url ?? banner.image.url,
        srcSet: banner.image.variants.map((variant) => `${variant.url} ${variant.width}w`).join(', '),
      }
    : banner.imageUrl
      ? { src: banner.imageUrl }
      : null,
});

/**
 * Why guests do not see the banner, when they do not: the Free plan keeps it stored but hidden (with the
 * way to the plans), or banners are switched off in the settings.
 */
export const BannerVisibilityNotice = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const visibility = bannerVisibility(club);
  if (visibility === 'hiddenByPlan')
    return (
      <Alert severity="info" data-testid="banner-plan-notice">
        {t('banner.freeStored')}{' '}
        <Link component={RouterLink} to={`/clubs/${club.id}/profile/plan`}>
          {t('settings.seePlans')}
        </Link>
      </Alert>
    );
  if (visibility === 'switchedOff')
    return (
      <Alert severity="warning">
        {t('banner.switchedOff')}{' '}
        <Link component={RouterLink} to={`/clubs/${club.id}/profile/settings`}>
          {t('banner.openSettings')}
        </Link>
      </Alert>
    );
  return null;
};

type BannerFrameProps = { title: string; children: (data: BannerData) => ReactNode };

/** The header, back link and loading and error states every banner screen shares. */
export const BannerFrame = ({ title, children }: BannerFrameProps) => {
  const { t } = useTranslation();
  const { clubId, menuId } = useBannerPath();
  const club = useClub(clubId);
  const menu = useBannerMenu(clubId, menuId);
  const banner = useBanner(clubId, menuId);
  const queries = [club, menu, banner];
  const failed = queries.find((query) => query.isError);
  return (
    <>
      <Button
        component={RouterLink}
        to={`/clubs/${clubId}/menu`}
        startIcon={<ArrowBack />}
        size="small"
        sx={{ mb: 1 }}
      >
        {t('banner.backToMenus')}
      </Button>
      <ScreenHeader title={title} subtitle={menu.data?.name} />
      {failed ? (
        <QueryError onRetry={() => void Promise.all(queries.map((query) => query.refetch()))} />
      ) : club.data && menu.data && banner.data !== undefined ? (
        children({ club: club.data, menu: menu.data, banner: banner.data })
      ) : (
        <CenteredSpinner />
      )}
    </>
  );
};
