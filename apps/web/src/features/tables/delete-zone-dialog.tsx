import type { TableZone } from '@carta/contract/entities';
import { DeleteZoneQuerySchema } from '@carta/contract/tables';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteZone } from './api/delete-zone.ts';

type DeleteZoneValues = z.input<typeof DeleteZoneQuerySchema>;

/** Deleting a zone asks what becomes of its tables and of the menu schedules made for it. */
export const DeleteZoneDialog = ({
  clubId,
  zone,
  onClose,
}: {
  clubId: string;
  zone: TableZone | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const remove = useDeleteZone(clubId);
  const runDelete = useMutationWithToast(remove, { isForForm: true });
  const form = useForm<DeleteZoneValues, unknown, z.output<typeof DeleteZoneQuerySchema>>({
    resolver: zodResolver(DeleteZoneQuerySchema),
    defaultValues: { tables: 'unassign', schedulings: 'everyZone' },
  });
  const submit = async (query: z.output<typeof DeleteZoneQuerySchema>) => {
    if (!zone) return;
    const failure = await runDelete(
      { zoneId: zone.id, ...query },
      t('tables.zoneDeleted', { name: zone.name }),
    );
    if (!failure) onClose();
  };
  return (
    <Dialog open={zone !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('tables.deleteZoneTitle', { name: zone?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('tables.deleteZoneText')}</DialogContentText>
        <Typography sx={{ fontWeight: 600 }}>{t('tables.zoneTables')}</Typography>
        <Controller
          name="tables"
          control={form.control}
          render={({ field }) => (
            <RadioGroup value={field.value} onChange={field.onChange} sx={{ mb: 2 }}>
              <FormControlLabel value="unassign" control={<Radio />} label={t('tables.unassign')} />
              <FormControlLabel value="delete" control={<Radio />} label={t('tables.deleteTables')} />
            </RadioGroup>
          )}
        />
        <Typography sx={{ fontWeight: 600 }}>{t('tables.zoneSchedulings')}</Typography>
        <Controller
          name="schedulings"
          control={form.control}
          render={({ field }) => (
            <RadioGroup value={field.value} onChange={field.onChange}>
              <FormControlLabel value="everyZone" control={<Radio />} label={t('tables.everyZone')} />
              <FormControlLabel value="delete" control={<Radio />} label={t('tables.deleteSchedulings')} />
            </RadioGroup>
          )}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          loading={remove.isPending}
          onClick={() => void form.handleSubmit(submit)()}
        >
          {t('tables.deleteZone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};
