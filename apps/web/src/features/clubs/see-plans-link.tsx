import Link from '@mui/material/Link';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** " See the plans": after the words of a feature the club's plan does not include, to the plan screen. */
export const SeePlansLink = ({ clubId }: { clubId: number }) => {
  const { t } = useTranslation();
  return (
    <>
      {' '}
      <Link component={RouterLink} to={`/clubs/${clubId}/profile/plan`}>
        {t('settings.seePlans')}
      </Link>
    </>
  );
};
