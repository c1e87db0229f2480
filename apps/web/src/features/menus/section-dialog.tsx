import type { MenuLanguage } from '@carta/contract/limits';
import { SECTION_NAME_MAX } from '@carta/contract/menus';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextField } from '../../components/text-field.tsx';
import { translateMessageKey } from '../../lib/i18n.ts';
import {
  type SectionDialogState,
  type SectionDraft,
  sectionDraftOf,
  sectionDraftProblem,
} from './section-draft.ts';

type SectionDialogProps = {
  state: SectionDialogState;
  languages: MenuLanguage[];
  isSaving: boolean;
  /** Answers the failure's message, shown by the name, or null when saved. */
  onSave: (name: string, translations: SectionDraft['translations']) => Promise<string | null>;
  onClose: () => void;
};

/** A new category, or a rename with the translations of its name in the club's languages. */
export const SectionDialog = ({ state, languages, isSaving, onSave, onClose }: SectionDialogProps) => {
  const { t } = useTranslation();
  const section = state?.section ?? null;
  const [draft, setDraft] = useState<SectionDraft>({ name: '', translations: {} });
  const [error, setError] = useState<string | null>(null);
  const [openedFor, setOpenedFor] = useState<SectionDialogState>(null);
  if (state !== openedFor) {
    // Opening the dialog starts from the category as it is.
    setOpenedFor(state);
    setDraft(sectionDraftOf(section, languages));
    setError(null);
  }
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problem = sectionDraftProblem(draft, section, languages);
    if (problem) return setError(translateMessageKey(t, problem));
    setError(await onSave(draft.name.trim(), draft.translations));
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
              value={draft.name}
              onChange={(event) => setDraft((current) => ({ ...current, name: event.target.value }))}
              error={error !== null}
              helperText={error ?? undefined}
              slotProps={{ htmlInput: { maxLength: SECTION_NAME_MAX } }}
            />
            {languages.map((language) => (
              <TextField
                key={language}
                label={t('sections.translatedName', { language: t(`menuLanguages.${language}`) })}
                value={draft.translations[language] ?? ''}
                onChange={(event) =>
                  setDraft((current) => ({
                    ...current,
                    translations: { ...current.translations, [language]: event.target.value },
                  }))
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
