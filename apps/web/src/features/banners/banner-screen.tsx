import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import CampaignOutlined from '@mui/icons-material/CampaignOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteBanner } from './api/delete-banner.ts';
import {
  type BannerData,
  BannerFrame,
  BannerVisibilityNotice,
  coloursOf,
  lookOf,
  useBannerPath,
} from './banner-frame.tsx';
import { BannerView } from './banner-view.tsx';
import { bannerVisibility, hiddenNoteKey } from './banner-visibility.ts';

/** Under a saved banner guests do not see: that it is kept, and until when it stays hidden. */
const HiddenNote = ({ club }: Pick<BannerData, 'club'>) => {
  const { t } = useTranslation();
  const key = hiddenNoteKey(bannerVisibility(club));
  return key ? (
    <Typography variant="body2" color="text.secondary" data-testid="banner-hidden-note">
      {t(key)}
    </Typography>
  ) : null;
};

/** /clubs/:clubId/menu/:menuId/banner: the menu's banner as guests see it, to change or delete; or none yet. */
export const BannerScreen = () => {
  const { t } = useTranslation();
  const { clubId, menuId, base } = useBannerPath();
  const remove = useDeleteBanner(clubId, menuId);
  const runDelete = useMutationWithToast(remove);
  const [isDeleting, setIsDeleting] = useState(false);
  return (
    <BannerFrame title={t('banner.title')}>
      {({ club, menu, banner }) => (
        <Stack spacing={2.5} sx={{ maxWidth: 640 }}>
          <BannerVisibilityNotice club={club} />
          {banner ? (
            <>
              <Paper
                variant="outlined"
                sx={{ p: { xs: 1.5, sm: 2 }, bgcolor: coloursOf({ menu, club }).background }}
              >
                <BannerView banner={lookOf(banner)} colours={coloursOf({ menu, club })} />
              </Paper>
              <HiddenNote club={club} />
              <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
                <Button
                  variant="contained"
                  component={RouterLink}
                  to={`${base}/details`}
                  startIcon={<EditOutlined />}
                  disabled={!club.plan.isSmart}
                >
                  {t('banner.editDetails')}
                </Button>
                <Button
                  variant="outlined"
                  component={RouterLink}
                  to={`${base}/new`}
                  startIcon={<AddPhotoAlternateOutlined />}
                  disabled={!club.plan.isSmart}
                >
                  {t('banner.changeImage')}
                </Button>
                <Button
                  color="error"
                  variant="outlined"
                  startIcon={<DeleteOutline />}
                  onClick={() => setIsDeleting(true)}
                >
                  {t('banner.delete')}
                </Button>
              </Stack>
            </>
          ) : (
            <Paper variant="outlined" sx={{ p: { xs: 3, sm: 4 }, textAlign: 'center' }}>
              <Stack spacing={1.5} sx={{ alignItems: 'center' }}>
                <CampaignOutlined color="action" sx={{ fontSize: 48 }} aria-hidden />
                <Typography variant="h2" component="h2" sx={{ fontSize: 20 }}>
                  {t('banner.emptyTitle')}
                </Typography>
                <Typography color="text.secondary">{t('banner.emptyText')}</Typography>
                <Button
                  variant="contained"
                  component={RouterLink}
                  to={`${base}/new`}
                  disabled={!club.plan.isSmart}
                  startIcon={<AddPhotoAlternateOutlined />}
                >
                  {t('banner.create')}
                </Button>
              </Stack>
            </Paper>
          )}
          <TypedConfirmDialog
            isOpen={isDeleting}
            title={t('banner.deleteTitle', { name: menu.name })}
            text={t('banner.deleteText')}
            isWorking={remove.isPending}
            onClose={() => setIsDeleting(false)}
            onConfirm={async () => {
              const failure = await runDelete(undefined, t('banner.deleted'));
              if (failure === null) setIsDeleting(false);
            }}
          />
        </Stack>
      )}
    </BannerFrame>
  );
};
