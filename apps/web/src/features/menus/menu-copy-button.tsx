import AddBusinessOutlined from '@mui/icons-material/AddBusinessOutlined';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ownedClubsQueryOptions } from '../../api/get-owned-clubs.ts';
import { copyTargetsOf } from './menu-copy.ts';

// The dialog (MUI's dialog, radio group and form) loads on the first click, not with the menu list.
const MenuCopyDialog = lazy(async () => ({
  default: (await import('./menu-copy-dialog.tsx')).MenuCopyDialog,
}));

type MenuCopyButtonProps = { clubId: string; menu: { id: number; name: string } };

/**
 * "Copy to another venue" on a menu's card: shown only to an account with another club it owns or
 * manages (docs/product.md, Menus).
 */
export const MenuCopyButton = ({ clubId, menu }: MenuCopyButtonProps) => {
  const { t } = useTranslation();
  const targets =
    useQuery({ ...ownedClubsQueryOptions(), select: (clubs) => copyTargetsOf(clubs, clubId) }).data ?? [];
  const [isOpen, setIsOpen] = useState(false);
  const [hasOpened, setHasOpened] = useState(false);
  if (targets.length === 0) return null;
  return (
    <>
      <Tooltip title={t('menuCopy.action')}>
        <IconButton
          aria-label={t('menuCopy.actionNamed', { name: menu.name })}
          aria-haspopup="dialog"
          onClick={() => {
            setHasOpened(true);
            setIsOpen(true);
          }}
        >
          <AddBusinessOutlined />
        </IconButton>
      </Tooltip>
      {hasOpened && (
        <Suspense fallback={null}>
          <MenuCopyDialog
            clubId={clubId}
            menu={menu}
            targets={targets}
            isOpen={isOpen}
            onClose={() => setIsOpen(false)}
          />
        </Suspense>
      )}
    </>
  );
};
