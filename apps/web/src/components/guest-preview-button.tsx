import VisibilityOutlined from '@mui/icons-material/VisibilityOutlined';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { useGuestPreview } from '../api/get-guest-preview.ts';

/**
 * Opens a table's guest page (the club's first table without `tableId`) as the owner's preview while
 * the club waits for activation (0073): a real link (a new tab, keyboard and middle click alike) to a
 * short-lived signed address, kept fresh.
 */
export const GuestPreviewButton = ({
  clubId,
  tableId,
  tableName,
  isIcon = false,
}: {
  clubId: string;
  tableId?: number;
  /** The table's name, for an icon button's accessible name. */
  tableName?: string;
  isIcon?: boolean;
}) => {
  const { t } = useTranslation();
  const preview = useGuestPreview(clubId, tableId);
  const link = preview.data
    ? { component: 'a' as const, href: preview.data.url, target: '_blank', rel: 'noopener' }
    : { disabled: true };
  if (isIcon) {
    return (
      <Tooltip title={t('guestPreview.open')}>
        <span>
          <IconButton {...link} aria-label={t('guestPreview.openNamed', { name: tableName ?? '' })}>
            <VisibilityOutlined />
          </IconButton>
        </span>
      </Tooltip>
    );
  }
  return (
    <Button {...link} variant="outlined" startIcon={<VisibilityOutlined />} loading={preview.isPending}>
      {t('guestPreview.open')}
    </Button>
  );
};
