import type { OwnedClubSummary } from '@carta/contract/clubs';
import { CopyMenuRequestSchema, type CopyMenuResponse } from '@carta/contract/menu-copy';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog.tsx';
import { currentLanguage, translateMessageKey } from '../../lib/i18n.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { useCopyMenu } from './api/copy-menu.ts';
import { copyNoteText } from './menu-copy.ts';

type Values = z.input<typeof CopyMenuRequestSchema>;
type Request = z.output<typeof CopyMenuRequestSchema>;

export type MenuCopyDialogProps = {
  clubId: string;
  menu: { id: number; name: string };
  /** The clubs it may go to (copyTargetsOf): at least one. */
  targets: OwnedClubSummary[];
  isOpen: boolean;
  onClose: () => void;
};

/** What the copy answered, shown in place of the form: where it went, whether guests see it, what to check. */
const CopyResult = ({
  copy,
  menuName,
  clubName,
  onClose,
}: {
  copy: CopyMenuResponse;
  menuName: string;
  clubName: string;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  return (
    <>
      <DialogTitle>{t('menuCopy.doneTitle')}</DialogTitle>
      <DialogContent>
        <Alert severity="success" sx={{ mb: copy.notes.length > 0 ? 2 : 0 }}>
          {t('menuCopy.done', { name: menuName, club: clubName })}{' '}
          {copy.enabled ? t('menuCopy.doneVisible') : t('menuCopy.doneHidden')}
        </Alert>
        {copy.notes.length > 0 && (
          <Alert severity="warning" data-testid="menu-copy-notes">
            <AlertTitle>{t('menuCopy.notesTitle')}</AlertTitle>
            <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
              {copy.notes.map((note) => (
                <li key={note.key}>{copyNoteText(t, currentLanguage(), note, clubName)}</li>
              ))}
            </Box>
          </Alert>
        )}
      </DialogContent>
      {/* On a phone the two buttons stack, the way forward on top; side by side from a tablet up. */}
      <DialogActions
        disableSpacing
        sx={{
          gap: 1,
          flexDirection: { xs: 'column-reverse', sm: 'row' },
          alignItems: { xs: 'stretch', sm: 'center' },
        }}
      >
        <Button onClick={onClose}>{t('common.close')}</Button>
        <Button
          variant="contained"
          autoFocus
          component={RouterLink}
          to={`/clubs/${copy.clubId}/menu/${copy.menuId}`}
          onClick={onClose}
        >
          {t('menuCopy.open')}
        </Button>
      </DialogActions>
    </>
  );
};

/**
 * Copies a menu to another of the account's clubs (docs/product.md, Menus; 0089): the club is picked
 * among those the account owns or manages, with what the copy takes; the answer then says where it went
 * and what to check, with a way to open it there.
 */
export const MenuCopyDialog = ({ clubId, menu, targets, isOpen, onClose }: MenuCopyDialogProps) => {
  const { t } = useTranslation();
  const copy = useCopyMenu(clubId);
  const [result, setResult] = useState<CopyMenuResponse | null>(null);
  const form = useForm<Values, unknown, Request>({
    resolver: zodResolver(CopyMenuRequestSchema),
    values: { targetClubId: targets[0]?.id ?? '' },
  });
  const { run, formError, setFormError } = useFormSubmit(form.setError);
  const [wasOpen, setWasOpen] = useState(isOpen);
  if (isOpen !== wasOpen) {
    // Opening again starts from the choice; closing keeps what shows while the dialog fades out.
    setWasOpen(isOpen);
    if (isOpen) {
      setResult(null);
      setFormError(null);
    }
  }
  const submit = (request: Request) =>
    run(async () => setResult(await copy.mutateAsync({ menuId: menu.id, ...request })));
  const targetName = (id: number) => targets.find((club) => club.id === id)?.name ?? '';

  if (result)
    return (
      <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="sm">
        <CopyResult
          copy={result}
          menuName={menu.name}
          clubName={targetName(result.clubId)}
          onClose={onClose}
        />
      </Dialog>
    );
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      title={t('menuCopy.title', { name: menu.name })}
      intro={
        <>
          <DialogContentText>{t('menuCopy.intro')}</DialogContentText>
          <DialogContentText>{t('menuCopy.introSchedules')}</DialogContentText>
        </>
      }
      error={formError}
      submitLabel={t('menuCopy.submit')}
      isSubmitting={copy.isPending}
      maxWidth="sm"
    >
      <Controller
        name="targetClubId"
        control={form.control}
        render={({ field, fieldState }) => (
          <FormControl error={fieldState.invalid}>
            <FormLabel id="menu-copy-target">{t('menuCopy.target')}</FormLabel>
            <RadioGroup
              aria-labelledby="menu-copy-target"
              name={field.name}
              value={String(field.value)}
              onChange={(event) => field.onChange(Number(event.target.value))}
            >
              {targets.map((club, index) => (
                <FormControlLabel
                  key={club.id}
                  value={String(club.id)}
                  control={<Radio inputRef={index === 0 ? field.ref : undefined} />}
                  label={club.name}
                  sx={{ overflowWrap: 'anywhere' }}
                />
              ))}
            </RadioGroup>
            {fieldState.error?.message && (
              <FormHelperText>{translateMessageKey(t, fieldState.error.message)}</FormHelperText>
            )}
          </FormControl>
        )}
      />
    </FormDialog>
  );
};
