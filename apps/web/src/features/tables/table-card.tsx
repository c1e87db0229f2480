import type { TableListEntry, TableZone } from '@carta/contract/entities';
import { guestTablePath } from '@carta/contract/guest-paths';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import OpenInNew from '@mui/icons-material/OpenInNew';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { GuestPreviewButton } from '../../components/guest-preview-button.tsx';
import { saveBlob } from '../../lib/api-client.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { getTableQr, type QrFormat, useTableQr } from './api/get-table-qr.ts';
import { useSaveTables } from './api/save-tables.ts';

const QrImage = ({ clubId, table }: { clubId: string; table: TableListEntry }) => {
  const { t } = useTranslation();
  const qr = useTableQr(clubId, table.id);
  if (!qr.data) return <Skeleton variant="rounded" width={120} height={120} />;
  return (
    <Box
      component="img"
      src={qr.data}
      alt={t('tables.qrAlt', { name: table.name })}
      width={120}
      height={120}
      sx={{ display: 'block', imageRendering: 'pixelated' }}
      data-testid="table-qr"
    />
  );
};

/** One table: its code, its zone and premium switch, and what can be done with the code. */
export const TableCard = ({
  clubId,
  table,
  zones,
  isSelected,
  onSelect,
  onRename,
  onDelete,
  isWaitingForActivation = false,
  isReadOnly = false,
}: {
  clubId: string;
  table: TableListEntry;
  /** The club is not active yet: its guest page opens as the owner's preview. */
  isWaitingForActivation?: boolean;
  zones: TableZone[];
  isSelected: boolean;
  onSelect: () => void;
  onRename: () => void;
  onDelete: () => void;
  /** Staff: the code to download, copy and open, its zone and premium switch shown but not changed. */
  isReadOnly?: boolean;
}) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const runSave = useMutationWithToast(useSaveTables(clubId), { isForForm: true });
  /** Saves the table with one of its fields changed. */
  const saveChanged = (change: Partial<TableListEntry>, success?: string) =>
    runSave(
      {
        tables: [
          {
            id: table.id,
            name: table.name,
            premium: table.premium,
            tableZoneId: table.tableZoneId,
            ...change,
          },
        ],
      },
      success,
    );
  const download = async (format: QrFormat) => {
    try {
      saveBlob(await getTableQr(clubId, table.id, format), `qr-${table.name}.${format}`);
    } catch {
      enqueueSnackbar(t('errors.GENERIC_TRY_LATER'), { variant: 'error' });
    }
  };
  const link = `${window.location.origin}${guestTablePath(clubId, table.id)}`;
  return (
    <Paper variant="outlined" sx={{ p: 1.5, height: '100%' }} data-testid="table-card">
      <Stack direction="row" spacing={1.5}>
        <QrImage clubId={clubId} table={table} />
        <Stack spacing={1} sx={{ flex: 1, minWidth: 0 }}>
          <Stack direction="row" sx={{ alignItems: 'center', gap: 0.5 }}>
            <Checkbox
              size="small"
              checked={isSelected}
              onChange={onSelect}
              slotProps={{ input: { 'aria-label': t('tables.select', { name: table.name }) } }}
              sx={{ ml: -1 }}
            />
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{table.name}</Typography>
          </Stack>
          <Stack direction="row" sx={{ gap: 1, flexWrap: 'wrap', alignItems: 'center' }}>
            <TextField
              select
              size="small"
              label={t('tables.zone')}
              value={table.tableZoneId ?? ''}
              disabled={isReadOnly}
              onChange={(event) =>
                void saveChanged(
                  { tableZoneId: event.target.value === '' ? null : Number(event.target.value) },
                  t('tables.moved', { name: table.name }),
                )
              }
              sx={{ minWidth: 130 }}
            >
              <MenuItem value="">{t('tables.noZone')}</MenuItem>
              {zones.map((zone) => (
                <MenuItem key={zone.id} value={zone.id}>
                  {zone.name}
                </MenuItem>
              ))}
            </TextField>
            <Tooltip title={t('tables.premiumHelp')}>
              <FormControlLabel
                control={
                  <Switch
                    size="small"
                    checked={table.premium}
                    disabled={isReadOnly}
                    onChange={(event) => void saveChanged({ premium: event.target.checked })}
                  />
                }
                label={t('tables.premium')}
              />
            </Tooltip>
          </Stack>
          <Stack direction="row" sx={{ flexWrap: 'wrap' }}>
            <Tooltip title={t('tables.downloadPng')}>
              <IconButton
                aria-label={t('tables.downloadPngNamed', { name: table.name })}
                onClick={() => void download('png')}
              >
                <DownloadOutlined />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('tables.downloadSvg')}>
              <IconButton
                aria-label={t('tables.downloadSvgNamed', { name: table.name })}
                onClick={() => void download('svg')}
              >
                <QrCode2Outlined />
              </IconButton>
            </Tooltip>
            <Tooltip title={t('tables.copyLink')}>
              <IconButton
                aria-label={t('tables.copyLinkNamed', { name: table.name })}
                onClick={async () => {
                  await navigator.clipboard.writeText(link).catch(() => {});
                  enqueueSnackbar(t('tables.linkCopied'), { variant: 'success' });
                }}
              >
                <ContentCopyOutlined />
              </IconButton>
            </Tooltip>
            {isWaitingForActivation && !isReadOnly ? (
              // Guests see "coming soon" until the club is active; the owner sees the page as a preview.
              <GuestPreviewButton clubId={clubId} tableId={table.id} tableName={table.name} isIcon />
            ) : (
              <Tooltip title={t('tables.open')}>
                <IconButton
                  component="a"
                  href={guestTablePath(clubId, table.id)}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('tables.openNamed', { name: table.name })}
                >
                  <OpenInNew />
                </IconButton>
              </Tooltip>
            )}
            {!isReadOnly && (
              <>
                <Tooltip title={t('tables.rename')}>
                  <IconButton aria-label={t('tables.renameNamed', { name: table.name })} onClick={onRename}>
                    <DriveFileRenameOutline />
                  </IconButton>
                </Tooltip>
                <Tooltip title={t('common.delete')}>
                  <IconButton aria-label={t('tables.deleteNamed', { name: table.name })} onClick={onDelete}>
                    <DeleteOutline />
                  </IconButton>
                </Tooltip>
              </>
            )}
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
};
