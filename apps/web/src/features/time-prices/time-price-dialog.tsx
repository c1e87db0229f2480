import type { MenuLanguage } from '@carta/contract/limits';
import { TIME_PRICE_LABEL_MAX, type TimePrice, TimePriceInputSchema } from '@carta/contract/time-prices';
import Divider from '@mui/material/Divider';
import { type FieldErrors, type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';
import { useSaveTimePrice } from './api/save-time-price.ts';
import { ChangeField, TargetField, WhenFields } from './time-price-fields.tsx';
import {
  fieldOfPath,
  formValuesOf,
  requestOf,
  type TargetOption,
  type TimePriceFormValues,
} from './time-price-form.ts';

/**
 * The form checked by the contract's own schema, the one the server runs: each issue on the field the
 * owner can change.
 */
const resolver: Resolver<TimePriceFormValues> = async (values) => {
  const parsed = TimePriceInputSchema.safeParse(requestOf(values));
  if (parsed.success) return { values, errors: {} };
  const errors: Record<string, unknown> = {};
  for (const issue of parsed.error.issues) {
    const field = fieldOfPath(issue.path.join('.'), values.change);
    if (!field) continue;
    const [name = field, language] = field.split('.');
    const error = { type: 'validation', message: issue.message };
    if (language) errors[name] = { ...(errors[name] as object), [language]: error };
    else errors[name] ??= error;
  }
  return { values: {}, errors: errors as FieldErrors<TimePriceFormValues> };
};

type FormProps = {
  clubId: string;
  rule: TimePrice | null;
  options: TargetOption[];
  languages: MenuLanguage[];
  isOpen: boolean;
  onClose: () => void;
};

const TimePriceForm = ({ clubId, rule, options, languages, isOpen, onClose }: FormProps) => {
  const { t, i18n } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const save = useSaveTimePrice(clubId);
  const form = useForm<TimePriceFormValues>({
    resolver,
    defaultValues: formValuesOf(rule, languages, i18n.language),
  });
  const { run, formError } = useFormSubmit(form.setError, {
    fieldOf: (path) => fieldOfPath(path, form.getValues('change')),
    isFocusingField: true,
  });
  const target = useWatch({ control: form.control, name: 'target' });
  const chosen = options.find((option) => option.key === target);
  const submit = async (values: TimePriceFormValues) => {
    const isSaved = await run(() => save.mutateAsync({ id: rule?.id ?? null, body: requestOf(values) }));
    if (!isSaved) return;
    enqueueSnackbar(t('timePrices.saved', { label: values.label.trim() }), { variant: 'success' });
    onClose();
  };
  return (
    <FormDialog
      isOpen={isOpen}
      onClose={onClose}
      form={form}
      onSubmit={submit}
      title={rule ? t('timePrices.editTitle', { label: rule.label }) : t('timePrices.addTitle')}
      error={formError}
      submitLabel={t('timePrices.save')}
      isSubmitting={save.isPending}
      maxWidth="sm"
    >
      <TargetField options={options} />
      <ChangeField target={chosen} />
      <Divider />
      <WhenFields />
      <Divider />
      <FormTextField<TimePriceFormValues>
        name="label"
        required
        label={t('timePrices.label')}
        helperText={t('timePrices.labelHelp')}
        characterLimit={TIME_PRICE_LABEL_MAX}
      />
      {languages.map((language) => (
        <FormTextField<TimePriceFormValues>
          key={language}
          name={`labelTranslations.${language}`}
          label={t('timePrices.translatedLabel', { language: t(`menuLanguages.${language}`) })}
          characterLimit={TIME_PRICE_LABEL_MAX}
          slotProps={{ htmlInput: { lang: language } }}
        />
      ))}
    </FormDialog>
  );
};

/** A new price by time, or a change to one: mounted afresh at each opening, from the rule as saved. */
export const TimePriceDialog = (props: Omit<FormProps, 'isOpen'> & { openedAt: number | null }) => {
  const { openedAt, ...rest } = props;
  if (openedAt === null) return null;
  return <TimePriceForm key={openedAt} {...rest} isOpen />;
};
