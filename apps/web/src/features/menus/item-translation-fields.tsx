import { VARIANT_NAME_MAX } from '@carta/contract/item-variants';
import {
  ITEM_DESCRIPTION_MAX,
  ITEM_INGREDIENTS_MAX,
  ITEM_NAME_MAX,
  type MenuLanguage,
  PROMOTION_PRICE_MAX,
} from '@carta/contract/limits';
import { ITEM_NOTES_MAX } from '@carta/contract/menus';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormTextField } from '../../components/form-text-field.tsx';
import type { ItemFormValues as Values } from './item-form-values.ts';

type ItemTranslationFieldsProps = {
  languages: MenuLanguage[];
  /** Off when the dish keeps its name in every language: no name fields then. */
  translateName: boolean;
  /** A promotion text to translate: its fields show only when the dish has one. */
  hasPriceText: boolean;
  /** The variants' names as typed: a field each for its name in the language. */
  variantNames: string[];
};

/** The dish's texts in each of the menu's languages, or a word that the menu has none. */
export const ItemTranslationFields = ({
  languages,
  translateName,
  hasPriceText,
  variantNames,
}: ItemTranslationFieldsProps) => {
  const { t } = useTranslation();
  if (languages.length === 0)
    return <Typography color="text.secondary">{t('itemForm.noLanguages')}</Typography>;
  return languages.map((language) => (
    <Stack key={language} spacing={1.5} sx={{ pt: 1 }} lang={language}>
      <Typography sx={{ fontWeight: 600 }}>{t(`menuLanguages.${language}`)}</Typography>
      {translateName && (
        <FormTextField<Values>
          name={`translations.${language}.translatedName`}
          label={t('itemForm.name')}
          slotProps={{ htmlInput: { maxLength: ITEM_NAME_MAX } }}
        />
      )}
      <FormTextField<Values>
        name={`translations.${language}.translatedDescription`}
        label={t('itemForm.description')}
        multiline
        slotProps={{ htmlInput: { maxLength: ITEM_DESCRIPTION_MAX } }}
      />
      <FormTextField<Values>
        name={`translations.${language}.translatedIngredients`}
        label={t('itemForm.ingredients')}
        slotProps={{ htmlInput: { maxLength: ITEM_INGREDIENTS_MAX } }}
      />
      {hasPriceText && (
        <FormTextField<Values>
          name={`translations.${language}.translatedPriceText`}
          label={t('itemForm.priceText')}
          slotProps={{ htmlInput: { maxLength: PROMOTION_PRICE_MAX } }}
        />
      )}
      <FormTextField<Values>
        name={`translations.${language}.translatedAdditionalNotes`}
        label={t('itemForm.notes')}
        slotProps={{ htmlInput: { maxLength: ITEM_NOTES_MAX } }}
      />
      {variantNames.map((name, index) => (
        <FormTextField<Values>
          // biome-ignore lint/suspicious/noArrayIndexKey: a variant's field is named by its place in the list.
          key={index}
          name={`variants.${index}.nameTranslations.${language}`}
          label={t('itemForm.variants.translation', {
            name: name.trim() || t('itemForm.variants.unnamed', { number: index + 1 }),
          })}
          slotProps={{ htmlInput: { maxLength: VARIANT_NAME_MAX } }}
        />
      ))}
    </Stack>
  ));
};
