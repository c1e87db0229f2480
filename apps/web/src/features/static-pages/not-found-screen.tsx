import SearchOffOutlined from '@mui/icons-material/SearchOffOutlined';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useOwnedClubs } from '../../api/get-owned-clubs.ts';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { useSession } from '../../lib/session-store.ts';

/** A way back for someone logged in: each of their clubs (a few at most), or creating the first. */
const ClubLinks = () => {
  const { t } = useTranslation();
  const { data: clubs } = useOwnedClubs();
  // Until the list arrives, and for owners of many clubs, `/` opens the first club (its switcher the rest).
  if (!clubs || clubs.length > 3) {
    return (
      <Button component={Link} to="/" variant="contained">
        {t('static.notFound.yourClubs')}
      </Button>
    );
  }
  if (clubs.length === 0) {
    return (
      <Button component={Link} to="/clubs/new" variant="contained">
        {t('static.notFound.newClub')}
      </Button>
    );
  }
  return clubs.map((club, index) => (
    <Button
      key={club.id}
      component={Link}
      to={`/clubs/${club.id}`}
      variant={index === 0 ? 'contained' : 'outlined'}
    >
      {club.name}
    </Button>
  ));
};

/** /404 and, for someone logged in, any unknown address (router.tsx): logged out, the way to the login. */
export const NotFoundScreen = () => {
  const { t } = useTranslation();
  const { isLoggedIn } = useSession();
  return (
    <NoticeScreen
      icon={<SearchOffOutlined />}
      title={t('static.notFound.title')}
      text={t('static.notFound.text')}
      actions={
        isLoggedIn ? (
          <ClubLinks />
        ) : (
          <Button component={Link} to="/login" variant="contained">
            {t('common.goToLogin')}
          </Button>
        )
      }
    />
  );
};
