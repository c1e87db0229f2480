import HowToRegOutlined from '@mui/icons-material/HowToRegOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { CheckEmailScreen } from '../../components/check-email-screen.tsx';
import type { ClubFormValues } from '../../components/club-form-fields.tsx';
import { FormTextField } from '../../components/form-text-field.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { isEmailConfirmedBy, type SignupInvitation } from './invitation-signup.ts';

/** The wizard's second step: who the account is. */
export const ContactFields = () => {
  const { t } = useTranslation();
  return (
    <Stack spacing={2}>
      <FormTextField<ClubFormValues>
        name="account.name"
        label={t('signup.name')}
        autoComplete="given-name"
        required
        autoFocus
      />
      <FormTextField<ClubFormValues>
        name="account.lastName"
        label={t('signup.lastName')}
        autoComplete="family-name"
        required
      />
      <FormTextField<ClubFormValues>
        name="account.email"
        label={t('signup.email')}
        type="email"
        autoComplete="email"
        required
      />
    </Stack>
  );
};

/**
 * After the authenticator's first code: read the activation email, then log in; an invitee whose email
 * the invitation went to logs in at once (docs/product.md, Staff and roles).
 */
export const SignupDone = ({
  email,
  invitation,
  club,
}: {
  email: string;
  invitation: SignupInvitation | null;
  club: string;
}) => {
  const { t } = useTranslation();
  if (invitation && isEmailConfirmedBy(invitation, email))
    return (
      <NoticeScreen
        icon={<HowToRegOutlined />}
        title={t('signup.invitationReadyTitle')}
        text={t('signup.invitationReadyText', { club })}
        actions={
          <Button component={RouterLink} to="/login" variant="contained">
            {t('common.goToLogin')}
          </Button>
        }
      />
    );
  return (
    <CheckEmailScreen
      title={t('signup.checkEmailTitle')}
      text={
        invitation
          ? t('signup.invitationCheckEmailText', { email, club })
          : t('signup.checkEmailText', { email })
      }
    />
  );
};
