import type { TableZone } from '@carta/contract/entities';
import { type SaveTablesRequest, SaveTablesRequestSchema, TABLE_NAME_MAX } from '@carta/contract/tables';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { Controller, FormProvider, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormTextField } from '../../components/form-text-field.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useSaveTables } from './api/save-tables.ts';

/** A number typed in a field; an empty one is not a number, so the contract's schema says it is missing. */
const typedNumber = z
  .union([z.number(), z.string()])
  .transform((value) => (value === '' ? Number.NaN : Number(value)));

/**
 * The dialog's fields sit where the request puts them (`tables.0.name`, `range.to`), so the contract's
 * own rules (the range's length, a name's size) land on the field they are about.
 */
const AddTablesFormSchema = z
  .object({
    mode: z.enum(['one', 'many']),
    tables: z.tuple([z.object({ name: z.string() })]),
    range: z.object({ prefix: z.string(), from: typedNumber, to: typedNumber }),
    tableZoneId: z.number().nullable(),
    premium: z.boolean(),
  })
  .transform(
    ({ mode, tables, range, tableZoneId, premium }): SaveTablesRequest =>
      mode === 'one'
        ? { tables: [{ name: tables[0].name, premium, tableZoneId }] }
        : { range: { ...range, tableZoneId, premium } },
  )
  .pipe(SaveTablesRequestSchema);

type AddTablesValues = z.input<typeof AddTablesFormSchema>;
type AddTablesRequest = z.output<typeof AddTablesFormSchema>;

const addedCount = (request: AddTablesRequest) =>
  request.range ? request.range.to - request.range.from + 1 : request.tables.length;

/** Adds one table by name, or a numbered range of them ("Tavolo 1" to "Tavolo 20"). */
export const AddTablesDialog = ({
  clubId,
  zones,
  isOpen,
  onClose,
}: {
  clubId: string;
  zones: TableZone[];
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const premiumHelpId = useId();
  const save = useSaveTables(clubId);
  const runSave = useMutationWithToast(save, { isForForm: true });
  const [error, setError] = useState<string | null>(null);
  const form = useForm<AddTablesValues, unknown, AddTablesRequest>({
    resolver: zodResolver(AddTablesFormSchema),
    defaultValues: {
      mode: 'one',
      tables: [{ name: '' }],
      range: { prefix: t('tables.defaultPrefix'), from: '1', to: '10' },
      tableZoneId: null,
      premium: false,
    },
  });
  const [mode, prefix, from] = useWatch({
    control: form.control,
    name: ['mode', 'range.prefix', 'range.from'],
  });

  const submit = async (request: AddTablesRequest) => {
    const failure = await runSave(request, t('tables.added', { count: addedCount(request) }));
    setError(failure);
    if (!failure) {
      form.setValue('tables.0.name', '');
      onClose();
    }
  };

  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="xs">
      <FormProvider {...form}>
        <form onSubmit={form.handleSubmit(submit)} noValidate>
          <DialogTitle>{t('tables.addTitle')}</DialogTitle>
          <DialogContent>
            <Tabs
              value={mode}
              onChange={(_, value: 'one' | 'many') => form.setValue('mode', value)}
              sx={{ mb: 2 }}
            >
              <Tab value="one" label={t('tables.one')} />
              <Tab value="many" label={t('tables.many')} />
            </Tabs>
            <Stack spacing={2}>
              {mode === 'one' ? (
                <FormTextField<AddTablesValues>
                  name="tables.0.name"
                  autoFocus
                  required
                  label={t('tables.name')}
                  slotProps={{ htmlInput: { maxLength: TABLE_NAME_MAX } }}
                />
              ) : (
                <>
                  <FormTextField<AddTablesValues>
                    name="range.prefix"
                    label={t('tables.prefix')}
                    helperText={t('tables.prefixHelp', { example: `${prefix} ${from}`.trim() })}
                  />
                  <Stack direction="row" spacing={2}>
                    <FormTextField<AddTablesValues>
                      name="range.from"
                      label={t('tables.from')}
                      type="number"
                      slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
                    />
                    <FormTextField<AddTablesValues>
                      name="range.to"
                      label={t('tables.to')}
                      type="number"
                      slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
                    />
                  </Stack>
                </>
              )}
              <Controller
                name="tableZoneId"
                control={form.control}
                render={({ field }) => (
                  <TextField
                    select
                    label={t('tables.zone')}
                    value={field.value ?? ''}
                    onChange={(event) =>
                      field.onChange(event.target.value === '' ? null : Number(event.target.value))
                    }
                  >
                    <MenuItem value="">{t('tables.noZone')}</MenuItem>
                    {zones.map((option) => (
                      <MenuItem key={option.id} value={option.id}>
                        {option.name}
                      </MenuItem>
                    ))}
                  </TextField>
                )}
              />
              <Controller
                name="premium"
                control={form.control}
                render={({ field }) => (
                  <Box>
                    <FormControlLabel
                      control={
                        <Switch
                          checked={field.value}
                          onChange={(event) => field.onChange(event.target.checked)}
                          slotProps={{ input: { 'aria-describedby': premiumHelpId } }}
                        />
                      }
                      label={t('tables.premium')}
                    />
                    <FormHelperText id={premiumHelpId} sx={{ mt: 0 }}>
                      {t('tables.premiumHelp')}
                    </FormHelperText>
                  </Box>
                )}
              />
              {error && (
                <Typography color="error" variant="body2">
                  {error}
                </Typography>
              )}
            </Stack>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common.cancel')}</Button>
            <Button type="submit" variant="contained" loading={save.isPending}>
              {t('tables.add')}
            </Button>
          </DialogActions>
        </form>
      </FormProvider>
    </Dialog>
  );
};
