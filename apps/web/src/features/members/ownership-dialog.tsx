import type { Member } from '@carta/contract/members';
import { OwnershipInputSchema } from '@carta/contract/members';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useDialogFormSubmit } from '../../lib/use-form-submit.ts';
import { type OwnershipInput, useTransferOwnership } from './api/transfer-ownership.ts';
import { fullName } from './member-list.ts';

type Values = z.input<typeof OwnershipInputSchema>;

/**
 * Hands the club over to one of its people, after the owner's password: the owner stays as a manager, so
 * the people screen is no longer theirs and they go on to the menus.
 */
export const OwnershipDialog = ({
  clubId,
  clubName,
  candidates,
  isOpen,
  onClose,
}: {
  clubId: string;
  clubName: string;
  candidates: Member[];
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const transfer = useTransferOwnership(clubId);
  const labelId = useId();
  const initial: Values = { accountId: String(candidates[0]?.accountId ?? ''), password: '' };
  const form = useForm<Values, unknown, OwnershipInput>({
    resolver: zodResolver(OwnershipInputSchema),
    values: initial,
  });
  // A wrong password is said above the form in the server's words.
  const { run, formError, close } = useDialogFormSubmit(form, {
    initial,
    onClose,
    fieldOf: (path) => (path === 'accountId' ? null : path),
  });

  const submit = (values: OwnershipInput) =>
    run(async () => {
      await transfer.mutateAsync(values);
      const heir = candidates.find((member) => member.accountId === values.accountId);
      enqueueSnackbar(t('members.ownership.done', { name: heir ? fullName(heir) : '', club: clubName }), {
        variant: 'success',
      });
      onClose();
      await navigate(`/clubs/${clubId}/menu`, { replace: true });
    });

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={close}
      form={form}
      onSubmit={submit}
      title={t('members.ownership.dialogTitle', { club: clubName })}
      intro={<Typography color="text.secondary">{t('members.ownership.intro')}</Typography>}
      error={formError}
      submitLabel={t('members.ownership.submit')}
      isSubmitting={transfer.isPending}
      submitButton={{ color: 'error' }}
    >
      <Controller<Values, 'accountId'>
        name="accountId"
        render={({ field }) => (
          <FormControl>
            <FormLabel id={labelId}>{t('members.ownership.member')}</FormLabel>
            <RadioGroup aria-labelledby={labelId} {...field}>
              {candidates.map((member) => (
                <FormControlLabel
                  key={member.accountId}
                  value={String(member.accountId)}
                  control={<Radio />}
                  label={`${fullName(member)} · ${t(`members.roles.${member.role}`)}`}
                />
              ))}
            </RadioGroup>
          </FormControl>
        )}
      />
      <FormTextField<Values>
        name="password"
        label={t('members.ownership.password')}
        type="password"
        autoComplete="current-password"
        required
      />
    </FormDialog>
  );
};
