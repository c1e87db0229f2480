import Breadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

type MenuBreadcrumbsProps = {
  clubId: string;
  /** The menu a screen below it belongs to; left out on the menu's own screen. */
  menu?: { id: number | string; name: string };
  /** Where the owner is: the last crumb, not a link. */
  current: string;
};

/** The trail back from a menu's screens: the club's menus, the menu, then where the owner is. */
export const MenuBreadcrumbs = ({ clubId, menu, current }: MenuBreadcrumbsProps) => {
  const { t } = useTranslation();
  return (
    <Breadcrumbs sx={{ mb: 1 }} aria-label={t('items.breadcrumbs')}>
      <Link component={RouterLink} to={`/clubs/${clubId}/menu`} color="inherit">
        {t('screens.menuList')}
      </Link>
      {menu && (
        <Link component={RouterLink} to={`/clubs/${clubId}/menu/${menu.id}`} color="inherit">
          {menu.name}
        </Link>
      )}
      <Typography color="text.primary">{current}</Typography>
    </Breadcrumbs>
  );
};
