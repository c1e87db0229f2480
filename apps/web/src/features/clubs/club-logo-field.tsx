import type { ClubDetails } from '@carta/contract/entities';
import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileInput } from '../../components/file-input.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { uploadFailureOf, uploadImage } from '../../lib/upload-image.ts';
import { useUpdateClub } from './api/update-club.ts';

/** The logo: chosen, uploaded, checked by the server and saved in one go; or removed. */
export const ClubLogoField = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const input = useRef<HTMLInputElement>(null);
  const updateClub = useUpdateClub(String(club.id));
  const [isUploading, setIsUploading] = useState(false);

  const upload = async (file: File) => {
    setIsUploading(true);
    // Not useMutationWithToast: the upload and the save fail as one, and a lost connection has its own words.
    try {
      const image = await uploadImage(String(club.id), file, 'logo');
      await updateClub.mutateAsync({ logo: image.key });
      enqueueSnackbar(t('contacts.logoSaved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(uploadFailureOf(error, t).message, { variant: 'error' });
    } finally {
      setIsUploading(false);
    }
  };

  // Not useMutationWithToast: that would show the server's message, where this says only "try later".
  const remove = async () => {
    try {
      await updateClub.mutateAsync({ logo: null });
      enqueueSnackbar(t('contacts.logoRemoved'), { variant: 'success' });
    } catch {
      enqueueSnackbar(t('errors.GENERIC_TRY_LATER'), { variant: 'error' });
    }
  };

  return (
    <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
      <Avatar
        src={club.logo ?? undefined}
        alt={club.logo ? t('contacts.logoAlt', { name: club.name }) : ''}
        variant="rounded"
        data-testid="club-logo"
        sx={{ width: 72, height: 72, bgcolor: 'action.hover', color: 'text.secondary' }}
      >
        <AddPhotoAlternateOutlined />
      </Avatar>
      <Stack spacing={1} sx={{ minWidth: 0 }}>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button variant="outlined" onClick={() => input.current?.click()} loading={isUploading}>
            {club.logo ? t('contacts.logoChange') : t('contacts.logoUpload')}
          </Button>
          {club.logo && (
            <Button color="error" onClick={remove} disabled={isUploading || updateClub.isPending}>
              {t('contacts.logoRemove')}
            </Button>
          )}
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {t('contacts.logoHelp')}
        </Typography>
      </Stack>
      <FileInput
        ref={input}
        accept="image/jpeg,image/png"
        data-testid="logo-input"
        onFile={(file) => void upload(file)}
      />
    </Stack>
  );
};
