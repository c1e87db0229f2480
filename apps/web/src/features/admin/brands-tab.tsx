import { type AdminBrand, BRAND_NAME_MAX } from '@carta/contract/admin';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { RowForm } from '../../components/row-form.tsx';
import { ApiError } from '../../lib/api-error.ts';
import { translateMessageKey } from '../../lib/i18n.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useAdminBrands, useSaveBrand } from './api/brands.ts';

/** A name field with its own submit: adding a brand, or renaming one in place. */
const BrandNameForm = ({
  initialName = '',
  submitLabel,
  onSubmit,
  isSaving,
  onCancel,
}: {
  initialName?: string;
  submitLabel: string;
  isSaving: boolean;
  onSubmit: (name: string) => Promise<string | null>;
  onCancel?: () => void;
}) => {
  const { t } = useTranslation();
  const [name, setName] = useState(initialName);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') {
      setError(translateMessageKey(t, 'validation.required'));
      return;
    }
    const failure = await onSubmit(name.trim());
    setError(failure);
    if (!failure && !initialName) setName('');
  };
  return (
    <RowForm onSubmit={submit} from="sm" sx={{ alignItems: { sm: 'flex-start' }, flex: 1 }}>
      <TextField
        size="small"
        label={t('admin.brands.name')}
        value={name}
        onChange={(event) => setName(event.target.value)}
        error={error !== null}
        helperText={error ?? undefined}
        autoFocus={Boolean(initialName)}
        slotProps={{ htmlInput: { maxLength: BRAND_NAME_MAX } }}
        sx={{ flex: 1 }}
      />
      <Button type="submit" variant="contained" loading={isSaving}>
        {submitLabel}
      </Button>
      {onCancel && <Button onClick={onCancel}>{t('common.cancel')}</Button>}
    </RowForm>
  );
};

/** Brands owners can choose at sign-up: add, rename, offer or withdraw. */
export const BrandsTab = () => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const brands = useAdminBrands();
  const save = useSaveBrand();
  const [renaming, setRenaming] = useState<number | null>(null);

  /** Answers the message to show on the field, or null when saved. */
  // Not useMutationWithToast: a name's refusal shows only on its field, while the switch's goes to a toast.
  const saveBrand = async (brand: { brandId?: number; name?: string; enabled?: boolean }) => {
    try {
      const saved = await save.mutateAsync(brand);
      enqueueSnackbar(
        t(brand.brandId ? 'admin.done.brandSaved' : 'admin.done.brandCreated', { name: saved.name }),
        {
          variant: 'success',
        },
      );
      return null;
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.issues[0]?.message ?? error.message)
          : t('errors.GENERIC_TRY_LATER');
      if (brand.enabled !== undefined) enqueueSnackbar(message, { variant: 'error' });
      return message;
    }
  };

  const row = (brand: AdminBrand) => (
    <Paper
      key={brand.id}
      variant="outlined"
      component="li"
      sx={{ p: 2, listStyle: 'none' }}
      data-testid="admin-brand"
    >
      {renaming === brand.id ? (
        <BrandNameForm
          initialName={brand.name}
          submitLabel={t('admin.brands.save')}
          isSaving={save.isPending}
          onCancel={() => setRenaming(null)}
          onSubmit={async (name) => {
            const failure = await saveBrand({ brandId: brand.id, name });
            if (!failure) setRenaming(null);
            return failure;
          }}
        />
      ) : (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'center' } }}>
          <Stack sx={{ flex: 1, minWidth: 0 }}>
            <Typography sx={{ fontWeight: 600 }}>{brand.name}</Typography>
            <Typography variant="body2" color="text.secondary">
              {t('admin.brands.clubs', { count: brand.clubs })}
            </Typography>
          </Stack>
          <FormControlLabel
            control={
              <Switch
                checked={brand.enabled}
                disabled={save.isPending}
                onChange={(event) => void saveBrand({ brandId: brand.id, enabled: event.target.checked })}
              />
            }
            label={t('admin.brands.enabled')}
          />
          <Button onClick={() => setRenaming(brand.id)}>{t('admin.brands.rename')}</Button>
        </Stack>
      )}
    </Paper>
  );

  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Typography variant="h3" component="h2" sx={{ mb: 1.5 }}>
          {t('admin.brands.add')}
        </Typography>
        <BrandNameForm
          submitLabel={t('admin.brands.create')}
          isSaving={save.isPending}
          onSubmit={(name) => saveBrand({ name })}
        />
      </Paper>
      {brands.isError && <QueryError onRetry={() => void brands.refetch()} />}
      {brands.isPending && <Skeleton variant="rounded" height={120} />}
      {brands.data?.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('admin.brands.empty')}
        </Typography>
      )}
      <Stack component="ul" spacing={1.5} sx={{ p: 0, m: 0 }}>
        {brands.data?.map(row)}
      </Stack>
    </Stack>
  );
};
