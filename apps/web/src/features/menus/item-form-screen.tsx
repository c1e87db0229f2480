import { ALLERGENS, type FullMenu, type MenuItem } from '@carta/contract/entities';
import {
  ITEM_DESCRIPTION_MAX,
  ITEM_INGREDIENTS_MAX,
  ITEM_NAME_MAX,
  type MenuLanguage,
  PROMOTION_PRICE_MAX,
} from '@carta/contract/limits';
import { BRAND_CODE_MAX, ITEM_NOTES_MAX, SaveItemRequestSchema } from '@carta/contract/menus';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Collapse from '@mui/material/Collapse';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { Controller, FormProvider, type Path, useForm, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useUnsavedChangesGuard } from '../../components/unsaved-changes-guard.tsx';
import { ApiError, isUnexpectedError } from '../../lib/api-error.ts';
import { currentLanguage, translateMessageKey } from '../../lib/i18n.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useMenu } from './api/get-menu.ts';
import { type SaveItemRequest, useSaveItem } from './api/save-item.ts';
import { ItemPhotoField } from './item-photo-field.tsx';

type Values = z.input<typeof SaveItemRequestSchema>;

const valuesOf = (item: MenuItem | undefined, languages: MenuLanguage[]): Values => ({
  ...(item ? { id: item.id } : {}),
  name: item?.name ?? '',
  description: item?.description ?? '',
  ingredients: item?.ingredients ?? '',
  allergens: item?.allergens ?? [],
  additionalNotes: item?.additionalNotes ?? '',
  price: item?.price ?? null,
  priceText: item?.priceText ?? '',
  photo: item?.photo?.key ?? null,
  disabled: item?.disabled ?? false,
  outOfStock: item?.outOfStock ?? false,
  bestSeller: item?.bestSeller ?? false,
  suggested: item?.suggested ?? false,
  branded: item?.branded ?? false,
  brandCode: item?.brandCode ?? '',
  translateName: item?.translateName ?? true,
  translations: Object.fromEntries(
    languages.map((language) => {
      const translation = item?.translations[language];
      return [
        language,
        {
          translatedName: translation?.translatedName ?? '',
          translatedDescription: translation?.translatedDescription ?? '',
          translatedIngredients: translation?.translatedIngredients ?? '',
          translatedPriceText: translation?.translatedPriceText ?? '',
          translatedAdditionalNotes: translation?.translatedAdditionalNotes ?? '',
        },
      ];
    }),
  ),
});

const useFormContextValues = () => useFormContext<Values>();

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
    <Typography variant="h3" component="h2" sx={{ mb: 2 }}>
      {title}
    </Typography>
    <Stack spacing={2}>{children}</Stack>
  </Paper>
);

/** A price typed the Italian or the English way ("6,50" or "6.50"); blank is no price. */
const PriceField = () => {
  const { t } = useTranslation();
  const { control } = useFormContextValues();
  const [text, setText] = useState<string | null>(null);
  return (
    <Controller
      name="price"
      control={control}
      render={({ field, fieldState }) => (
        <TextField
          label={t('itemForm.price')}
          value={
            text ??
            (field.value === null || field.value === undefined
              ? ''
              : String(field.value).replace('.', currentLanguage() === 'it' ? ',' : '.'))
          }
          onChange={(event) => {
            setText(event.target.value);
            const normalised = event.target.value.trim().replace(',', '.');
            field.onChange(normalised === '' ? null : Number(normalised));
          }}
          onBlur={field.onBlur}
          inputRef={field.ref}
          error={fieldState.invalid}
          helperText={
            fieldState.error?.message
              ? translateMessageKey(t, fieldState.error.message)
              : t('itemForm.priceHelp')
          }
          sx={{ flex: 1 }}
          slotProps={{
            htmlInput: { inputMode: 'decimal' },
            input: { startAdornment: <InputAdornment position="start">€</InputAdornment> },
          }}
        />
      )}
    />
  );
};

const SwitchField = ({ name, label, help }: { name: Path<Values>; label: string; help?: string }) => {
  const { control } = useFormContextValues();
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <Stack>
          <FormControlLabel
            control={
              <Switch
                checked={Boolean(field.value)}
                onChange={(event) => field.onChange(event.target.checked)}
              />
            }
            label={label}
          />
          {help && <FormHelperText sx={{ mt: -0.5, ml: 6 }}>{help}</FormHelperText>}
        </Stack>
      )}
    />
  );
};

const AllergenChips = () => {
  const { t } = useTranslation();
  const { control } = useFormContextValues();
  return (
    <Controller
      name="allergens"
      control={control}
      render={({ field }) => {
        const chosen = new Set(field.value ?? []);
        return (
          <Stack
            direction="row"
            sx={{ flexWrap: 'wrap', gap: 1 }}
            role="group"
            aria-label={t('itemForm.allergens')}
          >
            {ALLERGENS.map((allergen) => {
              const isChosen = chosen.has(allergen);
              return (
                <Chip
                  key={allergen}
                  label={t(`allergens.${allergen}`)}
                  color={isChosen ? 'primary' : 'default'}
                  variant={isChosen ? 'filled' : 'outlined'}
                  aria-pressed={isChosen}
                  onClick={() =>
                    field.onChange(
                      isChosen
                        ? [...chosen].filter((code) => code !== allergen)
                        : ALLERGENS.filter((code) => code === allergen || chosen.has(code)),
                    )
                  }
                />
              );
            })}
          </Stack>
        );
      }}
    />
  );
};

const ItemForm = ({
  clubId,
  menu,
  sectionId,
  item,
}: {
  clubId: string;
  menu: FullMenu;
  sectionId: string;
  item: MenuItem | undefined;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveItem(clubId, String(menu.id), sectionId);
  const [formError, setFormError] = useState<string | null>(null);
  const [photo, setPhoto] = useState(item?.photo ?? null);
  const form = useForm<Values, unknown, SaveItemRequest>({
    resolver: zodResolver(SaveItemRequestSchema),
    defaultValues: valuesOf(item, menu.translations),
    mode: 'onTouched',
  });
  const guard = useUnsavedChangesGuard(form.formState.isDirty);
  const isBranded = useWatch({ control: form.control, name: 'branded' });
  const translateName = useWatch({ control: form.control, name: 'translateName' });
  const hasPriceText = Boolean(useWatch({ control: form.control, name: 'priceText' })?.trim());
  const back = `/clubs/${clubId}/menu/${menu.id}/sections/${sectionId}`;

  const submit = async (values: SaveItemRequest) => {
    setFormError(null);
    try {
      const saved = await save.mutateAsync(values);
      form.reset(valuesOf(saved, menu.translations));
      guard.allowLeaving();
      enqueueSnackbar(t(item ? 'itemForm.saved' : 'itemForm.created', { name: saved.name }), {
        variant: 'success',
      });
      await navigate(back);
    } catch (error) {
      if (!(error instanceof ApiError) || isUnexpectedError(error)) {
        setFormError(t('errors.GENERIC_TRY_LATER'));
        return;
      }
      for (const issue of error.issues)
        form.setError(
          issue.path.replace(/^body\./, '') as Path<Values>,
          { message: issue.message },
          { shouldFocus: true },
        );
      if (error.issues.length === 0) setFormError(error.message);
    }
  };

  return (
    <FormProvider {...form}>
      {guard.dialog}
      <Stack
        component="form"
        noValidate
        spacing={2.5}
        onSubmit={form.handleSubmit(submit)}
        sx={{ maxWidth: 760 }}
      >
        {formError && <Alert severity="error">{formError}</Alert>}
        <Section title={t('itemForm.dish')}>
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
        </Section>
        <Section title={t('itemPhoto.title')}>
          <ItemPhotoField
            clubId={clubId}
            photo={photo}
            saved={item?.photo ?? null}
            onChange={(next) => {
              setPhoto(next);
              form.setValue('photo', next?.key ?? null, { shouldDirty: true });
            }}
          />
        </Section>
        <Section title={t('itemForm.priceTitle')}>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <PriceField />
            <FormTextField<Values>
              name="priceText"
              label={t('itemForm.priceText')}
              helperText={t('itemForm.priceTextHelp')}
              sx={{ flex: 1 }}
              slotProps={{ htmlInput: { maxLength: PROMOTION_PRICE_MAX } }}
            />
          </Stack>
        </Section>
        <Section title={t('itemForm.showTitle')}>
          <SwitchField name="suggested" label={t('itemForm.suggested')} help={t('itemForm.suggestedHelp')} />
          <SwitchField name="bestSeller" label={t('items.markers.bestSeller')} />
          <SwitchField
            name="outOfStock"
            label={t('items.markers.outOfStock')}
            help={t('itemForm.outOfStockHelp')}
          />
          <SwitchField name="disabled" label={t('itemForm.hidden')} help={t('itemForm.hiddenHelp')} />
          <SwitchField name="branded" label={t('itemForm.branded')} help={t('itemForm.brandedHelp')} />
          <Collapse in={Boolean(isBranded)} unmountOnExit>
            <FormTextField<Values>
              name="brandCode"
              label={t('itemForm.brandCode')}
              required
              slotProps={{ htmlInput: { maxLength: BRAND_CODE_MAX } }}
            />
          </Collapse>
        </Section>
        <Section title={t('itemForm.translationsTitle')}>
          <SwitchField
            name="translateName"
            label={t('itemForm.translateName')}
            help={t('itemForm.translateNameHelp')}
          />
          {menu.translations.length === 0 ? (
            <Typography color="text.secondary">{t('itemForm.noLanguages')}</Typography>
          ) : (
            menu.translations.map((language) => (
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
              </Stack>
            ))
          )}
        </Section>
        <Stack direction="row" spacing={1.5} sx={{ justifyContent: 'flex-end' }}>
          <Button onClick={() => void navigate(back)}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" size="large" loading={save.isPending}>
            {item ? t('itemForm.save') : t('itemForm.create')}
          </Button>
        </Stack>
      </Stack>
    </FormProvider>
  );
};

/** .../sections/:sectionId/items/new and .../items/:itemId: one screen for a new item and for changing one. */
export const ItemFormScreen = () => {
  const { t } = useTranslation();
  const { clubId = '', menuId = '', sectionId = '', itemId } = useParams();
  const menu = useMenu(clubId, menuId);
  if (menu.isError) return <QueryError onRetry={() => void menu.refetch()} />;
  if (!menu.data) return <CenteredSpinner isDelayed />;
  const section = menu.data.sections.find((candidate) => String(candidate.id) === sectionId);
  const item = section?.items.find((candidate) => String(candidate.id) === itemId);
  if (!section || (itemId && !item)) return <QueryError onRetry={() => void menu.refetch()} />;
  return (
    <>
      <ScreenHeader
        title={item ? item.name : t('screens.itemNew')}
        subtitle={`${menu.data.name} · ${section.name}`}
      />
      <ItemForm key={item?.id ?? 'new'} clubId={clubId} menu={menu.data} sectionId={sectionId} item={item} />
    </>
  );
};
