import { DEFAULT_LANGUAGE, type MenuLanguage } from '@carta/contract/limits';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import IconButton from '@mui/material/IconButton';
import ListSubheader from '@mui/material/ListSubheader';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clubQueryOptions } from '../../api/get-club.ts';
import { LazyMenu } from '../../components/lazy-overlays.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDownloadMenuPdf } from './api/download-menu-pdf.ts';

type MenuPdfButtonProps = {
  clubId: string;
  menu: { id: number; name: string };
  /** Undefined while the club loads; false on Free (the PDF is Smart only). */
  isSmart: boolean | undefined;
};

/**
 * Downloads a menu as a printable PDF. A club that translates its menus chooses the language first
 * (the menu's own, Italian, or one of its translations); otherwise the click downloads at once.
 */
export const MenuPdfButton = ({ clubId, menu, isSmart }: MenuPdfButtonProps) => {
  const { t } = useTranslation();
  const translations =
    useQuery({
      ...clubQueryOptions(clubId),
      select: (club) => club.menuLanguages.filter((language) => language !== DEFAULT_LANGUAGE),
    }).data ?? [];
  const download = useDownloadMenuPdf(clubId);
  const runDownload = useMutationWithToast(download);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const isBusy = download.isPending && download.variables?.id === menu.id;

  const downloadIn = (language?: MenuLanguage) => {
    setAnchor(null);
    void runDownload({ id: menu.id, name: menu.name, ...(language ? { language } : {}) });
  };

  return (
    <>
      {/* No tooltip over the open language menu (an empty title shows none). */}
      <Tooltip
        title={anchor !== null ? '' : isSmart === false ? t('menuPdf.smartOnly') : t('menuPdf.download')}
      >
        <span>
          <IconButton
            disabled={isSmart !== true || isBusy}
            aria-label={t('menuPdf.downloadNamed', { name: menu.name })}
            aria-haspopup={translations.length > 0 ? 'menu' : undefined}
            onClick={(event) => (translations.length > 0 ? setAnchor(event.currentTarget) : downloadIn())}
          >
            <PictureAsPdfOutlined />
          </IconButton>
        </span>
      </Tooltip>
      <LazyMenu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        <ListSubheader>{t('menuPdf.chooseLanguage')}</ListSubheader>
        <MenuItem onClick={() => downloadIn()}>{t(`menuLanguages.${DEFAULT_LANGUAGE}`)}</MenuItem>
        {translations.map((language) => (
          <MenuItem key={language} onClick={() => downloadIn(language)}>
            {t(`menuLanguages.${language}`)}
          </MenuItem>
        ))}
      </LazyMenu>
    </>
  );
};
