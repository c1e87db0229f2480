import type { FullMenu, MenuItem } from '@carta/contract/entities';
import { SaveItemRequestSchema } from '@carta/contract/menus';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { type SaveItemRequest, useSaveItem } from './api/save-item.ts';
import { type ItemFormValues, itemFormValuesOf } from './item-form-values.ts';

/**
 * The item form's state: the form and its guard against leaving unsaved, the photo shown, and the save
 * that goes back to the category (the refusal's field issues on their fields, focused).
 */
export const useItemForm = (
  clubId: string,
  menu: FullMenu,
  sectionId: string,
  item: MenuItem | undefined,
) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveItem(clubId, String(menu.id), sectionId);
  const [photo, setPhoto] = useState(item?.photo ?? null);
  const form = useForm<ItemFormValues, unknown, SaveItemRequest>({
    // A variant's row may be without a price while typed (ItemFormValues): the schema refuses it on save.
    resolver: zodResolver(SaveItemRequestSchema) as unknown as Resolver<
      ItemFormValues,
      unknown,
      SaveItemRequest
    >,
    defaultValues: itemFormValuesOf(item, menu.translations),
    mode: 'onTouched',
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const isBranded = Boolean(useWatch({ control: form.control, name: 'branded' }));
  const translateName = Boolean(useWatch({ control: form.control, name: 'translateName' }));
  const hasPriceText = Boolean(useWatch({ control: form.control, name: 'priceText' })?.trim());
  const variantNames = (useWatch({ control: form.control, name: 'variants' }) ?? []).map(
    (variant) => variant.name,
  );
  const back = `/clubs/${clubId}/menu/${menu.id}/sections/${sectionId}`;
  // This form brings the owner to a field the server refused (a long form: it may be out of view).
  const { run, formError } = useFormSubmit(form.setError, { isFocusingField: true });

  const submit = (values: SaveItemRequest) =>
    run(async () => {
      const saved = await save.mutateAsync(values);
      form.reset(itemFormValuesOf(saved, menu.translations));
      guard.allowLeaving();
      enqueueSnackbar(t(item ? 'itemForm.saved' : 'itemForm.created', { name: saved.name }), {
        variant: 'success',
      });
      await navigate(back);
    });

  return {
    form,
    guard,
    formError,
    onSubmit: form.handleSubmit(submit),
    isSaving: save.isPending,
    back,
    photo,
    changePhoto: (next: typeof photo) => {
      setPhoto(next);
      form.setValue('photo', next?.key ?? null, { shouldDirty: true });
    },
    isBranded,
    translateName,
    hasPriceText,
    /** The variants' names as typed, for their translations' labels; any at all replaces the dish's price. */
    variantNames,
  };
};
