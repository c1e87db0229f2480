import { CreateClubRequestSchema } from '@carta/contract/clubs';
import { zodResolver } from '@hookform/resolvers/zod';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type CreateClubRequest, useCreateClub } from '../../api/create-club.ts';
import { ClubFormFields, type ClubFormValues, emptyClubForm } from '../../components/club-form-fields.tsx';
import { FormHeader } from '../../components/form-header.tsx';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useDocumentTitle } from '../../lib/use-document-title.ts';
import { useFormSubmit } from '../../lib/use-form-submit.ts';

/** A further club for a logged-in owner: the sign-up's business step on its own. */
export const NewClubScreen = () => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { enqueueSnackbar } = useSnackbar();
  const createClub = useCreateClub();
  useDocumentTitle(t('screens.clubNew'));
  const form = useForm<ClubFormValues, unknown, CreateClubRequest>({
    resolver: zodResolver(CreateClubRequestSchema),
    defaultValues: { club: emptyClubForm() },
    mode: 'onTouched',
  });

  const { run, formError } = useFormSubmit(form.setError);

  const submit = (values: CreateClubRequest) =>
    run(async () => {
      const { clubId } = await createClub.mutateAsync({ club: values.club });
      enqueueSnackbar(t('clubNew.created'), { variant: 'success' });
      await navigate(`/clubs/${clubId}/menu`);
    });

  return (
    <FormProvider {...form}>
      <Stack component="form" noValidate spacing={2.5} onSubmit={form.handleSubmit(submit)}>
        <FormHeader title={t('screens.clubNew')} subtitle={t('clubNew.subtitle')} error={formError} />
        <ClubFormFields />
        <Button type="submit" variant="contained" size="large" loading={createClub.isPending}>
          {t('clubNew.submit')}
        </Button>
      </Stack>
    </FormProvider>
  );
};
