import { InvitationInputSchema, MEMBER_ROLES } from '@carta/contract/members';
import { zodResolver } from '@hookform/resolvers/zod';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useId } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormDialog } from '../../components/form-dialog.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { phonePrefixSlot } from '../../components/phone-prefix.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useDialogFormSubmit } from '../../lib/use-form-submit.ts';
import { type InvitationInput, useCreateInvitation } from './api/create-invitation.ts';
import { contactOf } from './member-list.ts';

type Values = z.input<typeof InvitationInputSchema>;
const EMPTY: Values = { email: '', phone: '', role: 'staff' };

/** The role, each with what it may do in a line, staff first: most invitations are for waiters. */
const RoleField = () => {
  const { t } = useTranslation();
  const labelId = useId();
  return (
    <Controller<Values, 'role'>
      name="role"
      render={({ field }) => (
        <FormControl>
          <FormLabel id={labelId} sx={{ mb: 0.5 }}>
            {t('members.inviteDialog.role')}
          </FormLabel>
          <RadioGroup aria-labelledby={labelId} {...field}>
            {[...MEMBER_ROLES].reverse().map((role) => (
              <FormControlLabel
                key={role}
                value={role}
                control={<Radio />}
                sx={{ alignItems: 'flex-start', mb: 1, '& .MuiRadio-root': { pt: 0.5 } }}
                label={
                  <Stack sx={{ pt: 0.75 }}>
                    <Typography sx={{ fontWeight: 600 }}>{t(`members.roles.${role}`)}</Typography>
                    <Typography variant="body2" color="text.secondary">
                      {t(`members.roleTexts.${role}`)}
                    </Typography>
                  </Stack>
                }
              />
            ))}
          </RadioGroup>
        </FormControl>
      )}
    />
  );
};

/** Invites someone by email or phone (or both) with a role. */
export const InviteDialog = ({
  clubId,
  clubName,
  isOpen,
  onClose,
}: {
  clubId: string;
  clubName: string;
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const invite = useCreateInvitation(clubId);
  const form = useForm<Values, unknown, z.output<typeof InvitationInputSchema>>({
    resolver: zodResolver(InvitationInputSchema),
    defaultValues: EMPTY,
    mode: 'onTouched',
  });
  const phone = useWatch({ control: form.control, name: 'phone' });
  const { run, formError, close } = useDialogFormSubmit(form, { initial: EMPTY, onClose });

  const submit = (values: InvitationInput) =>
    run(async () => {
      const invitation = await invite.mutateAsync(values);
      const contact = contactOf(invitation);
      enqueueSnackbar(
        t(invitation.email ? 'members.inviteDialog.sent' : 'members.inviteDialog.saved', { contact }),
        { variant: 'success' },
      );
      close();
    });

  return (
    <FormDialog
      isOpen={isOpen}
      onClose={close}
      form={form}
      onSubmit={submit}
      title={t('members.inviteDialog.title')}
      intro={
        <Typography color="text.secondary">{t('members.inviteDialog.intro', { club: clubName })}</Typography>
      }
      error={formError}
      submitLabel={t('members.inviteDialog.submit')}
      isSubmitting={invite.isPending}
      maxWidth="sm"
    >
      <FormTextField<Values>
        name="email"
        label={t('members.inviteDialog.email')}
        type="email"
        autoComplete="off"
        autoFocus
      />
      <FormTextField<Values>
        name="phone"
        label={t('members.inviteDialog.phone')}
        type="tel"
        autoComplete="off"
        helperText={t('members.inviteDialog.contactHelp')}
        slotProps={{ htmlInput: { inputMode: 'tel' }, input: phonePrefixSlot(phone) }}
      />
      <RoleField />
    </FormDialog>
  );
};
