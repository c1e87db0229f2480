import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useFinishEnrolment, useStartEnrolment } from '../../api/authenticator.ts';
import { AuthenticatorStep } from '../../components/authenticator-step.tsx';
import { FormHeader } from '../../components/form-header.tsx';
import { ApiError, isUnexpectedError } from '../../lib/api-error.ts';

type Credentials = { username: string; password: string };

/**
 * The login of an owner whose authenticator support has reset (0072): a new secret to scan, and one code
 * to check it; the right code saves it and logs in (`onLoggedIn`). Phone and password stay in memory only.
 */
export const NewAuthenticator = ({
  credentials,
  onLoggedIn,
  onCancel,
}: {
  credentials: Credentials;
  onLoggedIn: (session: { token: string; admin: boolean }) => Promise<void>;
  onCancel: () => void;
}) => {
  const { t } = useTranslation();
  const start = useStartEnrolment();
  const finish = useFinishEnrolment();
  const { mutate: startMutate } = start;
  useEffect(() => startMutate(credentials), [startMutate, credentials]);

  const startError =
    start.error instanceof ApiError && !isUnexpectedError(start.error)
      ? start.error.message
      : start.isError
        ? t('errors.GENERIC_TRY_LATER')
        : null;

  return (
    <Stack spacing={2.5}>
      <FormHeader
        title={t('newAuthenticator.title')}
        subtitle={t('newAuthenticator.subtitle')}
        error={startError}
      />
      {start.isPending && <Skeleton variant="rounded" height={320} />}
      {start.isError && (
        <Button variant="contained" onClick={() => start.mutate(credentials)}>
          {t('common.tryAgain')}
        </Button>
      )}
      {start.data && (
        <AuthenticatorStep
          enrolment={start.data.enrolment}
          confirmLabel={t('newAuthenticator.submit')}
          onConfirm={async (totp) => {
            try {
              const session = await finish.mutateAsync({
                ...credentials,
                enrolmentToken: start.data.enrolmentToken,
                totp,
              });
              await onLoggedIn(session);
            } catch (error) {
              // Not useFormSubmit: AuthenticatorStep shows the failure by its code field, so it is thrown on.
              // Too late for this secret: a new one to scan, and the reason on top.
              if (error instanceof ApiError && error.code === 'AUTHENTICATOR_ENROLMENT_EXPIRED')
                start.mutate(credentials);
              throw error;
            }
          }}
        />
      )}
      {finish.error instanceof ApiError && finish.error.code === 'AUTHENTICATOR_ENROLMENT_EXPIRED' && (
        <Alert severity="info" variant="outlined">
          {t('newAuthenticator.rescan')}
        </Alert>
      )}
      <Button onClick={onCancel}>{t('common.backToLogin')}</Button>
    </Stack>
  );
};
