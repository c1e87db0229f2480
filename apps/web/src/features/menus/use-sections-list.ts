import type { FullMenu, MenuSection } from '@carta/contract/entities';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteSection } from './api/delete-section.ts';
import { menuQueryOptions } from './api/get-menu.ts';
import { useSaveSection } from './api/save-section.ts';
import { useUpdateSections } from './api/update-sections.ts';
import { moved } from './list-changes.ts';
import { type SectionDialogState, type SectionDraft, sectionSaveRequest } from './section-draft.ts';

/** A menu's categories: the dialog that adds or renames one, the one being deleted, order and visibility. */
export const useSectionsList = (clubId: string, menu: FullMenu) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const saveMutation = useSaveSection(clubId, menu.id);
  const update = useUpdateSections(clubId, menu.id);
  const remove = useDeleteSection(clubId, menu.id);
  const runSave = useMutationWithToast(saveMutation, { isForForm: true, isFieldIssueOnlyInForm: true });
  const runUpdate = useMutationWithToast(update);
  const runDelete = useMutationWithToast(remove);
  const [dialog, setDialog] = useState<SectionDialogState>(null);
  const [deleting, setDeleting] = useState<MenuSection | null>(null);

  /** Shows the new order at once; the server's answer then replaces it (or puts it back on failure). */
  const move = (section: MenuSection, position: number) => {
    queryClient.setQueryData(menuQueryOptions(clubId, String(menu.id)).queryKey, (current) =>
      current ? { ...current, sections: moved(current.sections, section, position) } : current,
    );
    void runUpdate({ sections: [{ id: section.id, position }] });
  };

  /** Saves the dialog; it closes once saved, and otherwise shows the answered message by the name. */
  const save = async (name: string, translations: SectionDraft['translations']) => {
    const section = dialog?.section;
    const failure = await runSave(
      sectionSaveRequest(section, name, translations),
      section ? t('sections.saved', { name }) : t('sections.created', { name }),
    );
    if (!failure) setDialog(null);
    return failure;
  };

  return {
    dialog,
    setDialog,
    save,
    move,
    setVisible: (section: MenuSection, isVisible: boolean) =>
      void runUpdate({ sections: [{ id: section.id, disabled: !isVisible }] }),
    deleting,
    setDeleting,
    confirmDelete: async () => {
      if (!deleting) return;
      const failure = await runDelete(deleting.id, t('sections.deleted', { name: deleting.name }));
      if (!failure) setDeleting(null);
    },
    isWriting: saveMutation.isPending || update.isPending || remove.isPending,
  };
};
