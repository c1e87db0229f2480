import type { FullMenu, MenuItem } from '@carta/contract/entities';
import {
  ITEM_DESCRIPTION_MAX,
  ITEM_INGREDIENTS_MAX,
  ITEM_NAME_MAX,
  PROMOTION_PRICE_MAX,
} from '@carta/contract/limits';
import { BRAND_CODE_MAX, ITEM_NOTES_MAX } from '@carta/contract/menus';
import Alert from '@mui/material/Alert';
import Collapse from '@mui/material/Collapse';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { FormProvider } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { FormTextField } from '../../components/form-text-field.tsx';
import { FormActions } from './form-actions.tsx';
import { AllergenChips, FormSection, PriceField, SwitchField } from './item-form-fields.tsx';
import type { ItemFormValues as Values } from './item-form-values.ts';
import { ItemPhotoField } from './item-photo-field.tsx';
import { ItemTranslationFields } from './item-translation-fields.tsx';
import { ItemVariantsField } from './item-variants-field.tsx';
import { useItemForm } from './use-item-form.ts';

type ItemFormProps = { clubId: string; menu: FullMenu; sectionId: string; item: MenuItem | undefined };

/** A dish's form: its texts and allergens, photo, price, what guests see, and its translations. */
export const ItemForm = ({ clubId, menu, sectionId, item }: ItemFormProps) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const itemForm = useItemForm(clubId, menu, sectionId, item);
  const { form, guard, formError } = itemForm;
  return (
    <FormProvider {...form}>
      {guard.dialog}
      <Stack component="form" noValidate spacing={2.5} onSubmit={itemForm.onSubmit} sx={{ maxWidth: 760 }}>
        {formError && <Alert severity="error">{formError}</Alert>}
        <FormSection title={t('itemForm.dish')}>
          <FormTextField<Values>
            name="name"
            label={t('itemForm.name')}
            required
            characterLimit={ITEM_NAME_MAX}
          />
          <FormTextField<Values>
            name="description"
            label={t('itemForm.description')}
            multiline
            minRows={2}
            characterLimit={ITEM_DESCRIPTION_MAX}
          />
          <FormTextField<Values>
            name="ingredients"
            label={t('itemForm.ingredients')}
            multiline
            helperText={t('itemForm.ingredientsHelp')}
            characterLimit={ITEM_INGREDIENTS_MAX}
          />
          <Stack spacing={1}>
            <Typography sx={{ fontWeight: 600 }}>{t('itemForm.allergens')}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('itemForm.allergensHelp')}
            </Typography>
            <AllergenChips />
          </Stack>
          <FormTextField<Values>
            name="additionalNotes"
            label={t('itemForm.notes')}
            helperText={t('itemForm.notesHelp')}
            characterLimit={ITEM_NOTES_MAX}
          />
        </FormSection>
        <FormSection title={t('itemPhoto.title')}>
          <ItemPhotoField
            clubId={clubId}
            photo={itemForm.photo}
            saved={item?.photo ?? null}
            onChange={itemForm.changePhoto}
          />
        </FormSection>
        <FormSection title={t('itemForm.priceTitle')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <PriceField
              helperText={itemForm.variantNames.length > 0 ? t('itemForm.variants.priceReplaced') : undefined}
            />
            <FormTextField<Values>
              name="priceText"
              label={t('itemForm.priceText')}
              helperText={t('itemForm.priceTextHelp')}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: PROMOTION_PRICE_MAX } }}
            />
          </Stack>
        </FormSection>
        <FormSection title={t('itemForm.variants.title')}>
          <ItemVariantsField languages={menu.translations} />
        </FormSection>
        <FormSection title={t('itemForm.showTitle')}>
          <SwitchField name="suggested" label={t('itemForm.suggested')} help={t('itemForm.suggestedHelp')} />
          <SwitchField name="bestSeller" label={t('items.markers.bestSeller')} />
          <SwitchField
            name="outOfStock"
            label={t('items.markers.outOfStock')}
            help={t('itemForm.outOfStockHelp')}
          />
          <SwitchField name="disabled" label={t('itemForm.hidden')} help={t('itemForm.hiddenHelp')} />
          <SwitchField name="branded" label={t('itemForm.branded')} help={t('itemForm.brandedHelp')} />
          <Collapse in={itemForm.isBranded} unmountOnExit>
            <FormTextField<Values>
              name="brandCode"
              label={t('itemForm.brandCode')}
              required
              slotProps={{ htmlInput: { maxLength: BRAND_CODE_MAX } }}
            />
          </Collapse>
        </FormSection>
        <FormSection title={t('itemForm.translationsTitle')}>
          <SwitchField
            name="translateName"
            label={t('itemForm.translateName')}
            help={t('itemForm.translateNameHelp')}
          />
          <ItemTranslationFields
            languages={menu.translations}
            translateName={itemForm.translateName}
            hasPriceText={itemForm.hasPriceText}
            variantNames={itemForm.variantNames}
          />
        </FormSection>
        <FormActions
          onCancel={() => void navigate(itemForm.back)}
          isSaving={itemForm.isSaving}
          submitLabel={item ? t('itemForm.save') : t('itemForm.create')}
        />
      </Stack>
    </FormProvider>
  );
};
