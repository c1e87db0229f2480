import type { FullMenu, MenuSection } from '@carta/contract/entities';
import type { MenuLanguage } from '@carta/contract/limits';
import { SECTION_NAME_MAX } from '@carta/contract/menus';
import Add from '@mui/icons-material/Add';
import ChevronRight from '@mui/icons-material/ChevronRight';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { TextField } from '../../components/text-field.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { translateMessageKey } from '../../lib/i18n.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteSection } from './api/delete-section.ts';
import { menuQueryOptions, useMenu } from './api/get-menu.ts';
import { useSaveSection } from './api/save-section.ts';
import { useUpdateSections } from './api/update-sections.ts';
import { moved } from './menu-list-screen.tsx';

type SectionDialogState = { section: MenuSection | null } | null;

/** A new category, or a rename with the translations of its name in the club's languages. */
const SectionDialog = ({
  state,
  languages,
  isSaving,
  onSave,
  onClose,
}: {
  state: SectionDialogState;
  languages: MenuLanguage[];
  isSaving: boolean;
  onSave: (name: string, translations: Partial<Record<MenuLanguage, string>>) => Promise<string | null>;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const section = state?.section ?? null;
  const [name, setName] = useState('');
  const [translations, setTranslations] = useState<Partial<Record<MenuLanguage, string>>>({});
  const [error, setError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<SectionDialogState>(null);
  if (state !== openedFor) {
    // Opening the dialog starts from the category as it is.
    setOpenedFor(state);
    setName(section?.name ?? '');
    setTranslations(
      Object.fromEntries(
        languages.map((language) => [language, section?.translations[language]?.translatedName ?? '']),
      ),
    );
    setError(null);
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const trimmed = name.trim();
    if (!trimmed) return setError(translateMessageKey(t, 'validation.required'));
    const isTranslationChanged = languages.some(
      (language) =>
        (translations[language] ?? '') !== (section?.translations[language]?.translatedName ?? ''),
    );
    // A rename needs a new name (spec §5); keeping the name is fine when only translations change.
    if (section && trimmed === section.name && !isTranslationChanged)
      return setError(translateMessageKey(t, 'validation.nameUnchanged'));
    setError(await onSave(trimmed, translations));
  };
  return (
    <Dialog open={state !== null} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>
          {section ? t('sections.renameTitle', { name: section.name }) : t('sections.add')}
        </DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              autoFocus
              required
              label={section ? t('sections.newName') : t('sections.name')}
              value={name}
              onChange={(event) => setName(event.target.value)}
              error={error !== null}
              helperText={error ?? undefined}
              slotProps={{ htmlInput: { maxLength: SECTION_NAME_MAX } }}
            />
            {languages.map((language) => (
              <TextField
                key={language}
                label={t('sections.translatedName', { language: t(`menuLanguages.${language}`) })}
                value={translations[language] ?? ''}
                onChange={(event) =>
                  setTranslations((current) => ({ ...current, [language]: event.target.value }))
                }
                slotProps={{ htmlInput: { maxLength: SECTION_NAME_MAX, lang: language } }}
              />
            ))}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isSaving}>
            {section ? t('sections.save') : t('sections.create')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

const SectionsList = ({ clubId, menu }: { clubId: string; menu: FullMenu }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saveMutation = useSaveSection(clubId, menu.id);
  const update = useUpdateSections(clubId, menu.id);
  const remove = useDeleteSection(clubId, menu.id);
  const runSave = useMutationWithToast(saveMutation, { isForForm: true, isFieldIssueOnlyInForm: true });
  const runUpdate = useMutationWithToast(update);
  const runDelete = useMutationWithToast(remove);
  const isWriting = saveMutation.isPending || update.isPending || remove.isPending;
  const [dialog, setDialog] = useState<SectionDialogState>(null);
  const [deleting, setDeleting] = useState<MenuSection | null>(null);

  const move = (section: MenuSection, position: number) => {
    queryClient.setQueryData(menuQueryOptions(clubId, String(menu.id)).queryKey, (current) =>
      current ? { ...current, sections: moved(current.sections, section, position) } : current,
    );
    void runUpdate({ sections: [{ id: section.id, position }] });
  };

  const save = async (name: string, translations: Partial<Record<MenuLanguage, string>>) => {
    const section = dialog?.section;
    const translated = Object.fromEntries(
      Object.entries(translations).map(([language, text]) => [
        language,
        text?.trim() ? { translatedName: text.trim() } : null,
      ]),
    );
    const body = section
      ? { id: section.id, ...(name === section.name ? {} : { name }), translations: translated }
      : { name, translations: translated };
    const failure = await runSave(
      body,
      section ? t('sections.saved', { name }) : t('sections.created', { name }),
    );
    if (!failure) setDialog(null);
    return failure;
  };

  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => setDialog({ section: null })}>
          {t('sections.add')}
        </Button>
        <Button
          startIcon={<EditOutlined />}
          component={RouterLink}
          to={`/clubs/${clubId}/menu/${menu.id}/edit`}
        >
          {t('sections.editMenu')}
        </Button>
        <Button
          startIcon={<TranslateOutlined />}
          component={RouterLink}
          to={`/clubs/${clubId}/menu/${menu.id}/translations`}
        >
          {t('sections.translations')}
        </Button>
        <Button
          startIcon={<ScheduleOutlined />}
          component={RouterLink}
          to={`/clubs/${clubId}/menu/${menu.id}/schedulings`}
        >
          {t('sections.schedules')}
        </Button>
      </Stack>
      {menu.sections.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('sections.emptyTitle')}
          </Typography>
          <Typography color="text.secondary">{t('sections.emptyText')}</Typography>
        </Paper>
      ) : (
        <SortableList
          rows={menu.sections}
          labelOf={(section) => section.name}
          onMove={move}
          renderRow={(section, handle) => (
            <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 } }} data-testid="section-row">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                {handle}
                <Box sx={{ flex: 1, minWidth: 0 }}>
                  <Link
                    component={RouterLink}
                    to={`/clubs/${clubId}/menu/${menu.id}/sections/${section.id}`}
                    color="text.primary"
                    sx={{
                      fontWeight: 600,
                      display: 'inline-flex',
                      alignItems: 'center',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    {section.name}
                    <ChevronRight fontSize="small" aria-hidden />
                  </Link>
                  <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 0.5 }}>
                    <Typography variant="body2" color="text.secondary">
                      {t('sections.itemCount', { count: section.items.length })}
                    </Typography>
                    {section.disabled && <Chip size="small" color="warning" label={t('sections.hidden')} />}
                  </Stack>
                </Box>
                <Tooltip title={section.disabled ? t('sections.hidden') : t('sections.visible')}>
                  <Switch
                    checked={!section.disabled}
                    onChange={(event) =>
                      void runUpdate({ sections: [{ id: section.id, disabled: !event.target.checked }] })
                    }
                    slotProps={{
                      input: { 'aria-label': t('sections.visibleLabel', { name: section.name }) },
                    }}
                  />
                </Tooltip>
                <Tooltip title={t('sections.rename')}>
                  <IconButton
                    aria-label={t('sections.renameNamed', { name: section.name })}
                    onClick={() => setDialog({ section })}
                  >
                    <DriveFileRenameOutline />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('common.delete')}>
                  <IconButton
                    aria-label={t('sections.deleteNamed', { name: section.name })}
                    onClick={() => setDeleting(section)}
                  >
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </Stack>
            </Paper>
          )}
        />
      )}
      <SectionDialog
        state={dialog}
        languages={menu.translations}
        isSaving={isWriting}
        onSave={save}
        onClose={() => setDialog(null)}
      />
      <TypedConfirmDialog
        isOpen={deleting !== null}
        title={t('sections.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('sections.deleteText', { count: deleting?.items.length ?? 0 })}
        isWorking={isWriting}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const failure = await runDelete(deleting.id, t('sections.deleted', { name: deleting.name }));
          if (!failure) setDeleting(null);
        }}
      />
    </>
  );
};

/** /clubs/:clubId/menu/:menuId: a menu's categories. */
export const SectionsScreen = () => {
  const { t } = useTranslation();
  const { clubId = '', menuId = '' } = useParams();
  const menu = useMenu(clubId, menuId);
  if (menu.isError) return <QueryError onRetry={() => void menu.refetch()} />;
  if (!menu.data) return <CenteredSpinner isDelayed />;
  return (
    <>
      <Breadcrumbs sx={{ mb: 1 }} aria-label={t('items.breadcrumbs')}>
        <Link component={RouterLink} to={`/clubs/${clubId}/menu`} color="inherit">
          {t('screens.menuList')}
        </Link>
        <Typography color="text.primary">{menu.data.name}</Typography>
      </Breadcrumbs>
      <ScreenHeader title={menu.data.name} subtitle={menu.data.adminDisplayName ?? t('screens.sections')} />
      <SectionsList clubId={clubId} menu={menu.data} />
    </>
  );
};
