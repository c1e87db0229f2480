import type { TableZone } from '@carta/contract/entities';
import { guestTablePath } from '@carta/contract/guest-paths';
import { TABLE_NAME_MAX, ZONE_NAME_MAX } from '@carta/contract/tables';
import Add from '@mui/icons-material/Add';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import DriveFileRenameOutline from '@mui/icons-material/DriveFileRenameOutline';
import OpenInNew from '@mui/icons-material/OpenInNew';
import PrintOutlined from '@mui/icons-material/PrintOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Grid from '@mui/material/Grid';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useSnackbar } from 'notistack';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { apiBlob, saveBlob } from '../../lib/api-client.ts';
import { ApiError } from '../../lib/api-error.ts';
import { type TableWrite, useTableQr, useTables, useTableWrite, useZones } from './api/tables.ts';

type Table = { id: number; name: string; premium: boolean; tableZoneId: number | null };

/** Runs a write and says how it went; answers the API's message on failure (for a field), else null. */
const useRun = (clubId: string) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const write = useTableWrite(clubId);
  const run = async (next: TableWrite, success?: string): Promise<string | null> => {
    try {
      await write.mutateAsync(next);
      if (success) enqueueSnackbar(success, { variant: 'success' });
      return null;
    } catch (error) {
      const message =
        error instanceof ApiError
          ? (error.issues[0]?.message ?? error.message)
          : t('errors.GENERIC_TRY_LATER');
      enqueueSnackbar(message, { variant: 'error' });
      return message;
    }
  };
  return { run, isPending: write.isPending };
};

const AddTablesDialog = ({
  clubId,
  zones,
  isOpen,
  onClose,
}: {
  clubId: string;
  zones: TableZone[];
  isOpen: boolean;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { run, isPending } = useRun(clubId);
  const [mode, setMode] = useState<'one' | 'many'>('one');
  const [name, setName] = useState('');
  const [prefix, setPrefix] = useState(t('tables.defaultPrefix'));
  const [from, setFrom] = useState('1');
  const [to, setTo] = useState('10');
  const [zone, setZone] = useState<number | ''>('');
  const [premium, setPremium] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const tableZoneId = zone === '' ? null : zone;
    const body =
      mode === 'one'
        ? { tables: [{ name, premium, tableZoneId }] }
        : { range: { prefix, from: Number(from), to: Number(to), tableZoneId, premium } };
    const count = mode === 'one' ? 1 : Number(to) - Number(from) + 1;
    const failure = await run({ kind: 'saveTables', body }, t('tables.added', { count }));
    setError(failure);
    if (!failure) {
      setName('');
      onClose();
    }
  };
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="xs">
      <form onSubmit={submit} noValidate>
        <DialogTitle>{t('tables.addTitle')}</DialogTitle>
        <DialogContent>
          <Tabs value={mode} onChange={(_, value: 'one' | 'many') => setMode(value)} sx={{ mb: 2 }}>
            <Tab value="one" label={t('tables.one')} />
            <Tab value="many" label={t('tables.many')} />
          </Tabs>
          <Stack spacing={2}>
            {mode === 'one' ? (
              <TextField
                autoFocus
                required
                label={t('tables.name')}
                value={name}
                onChange={(event) => setName(event.target.value)}
                slotProps={{ htmlInput: { maxLength: TABLE_NAME_MAX } }}
              />
            ) : (
              <>
                <TextField
                  label={t('tables.prefix')}
                  value={prefix}
                  onChange={(event) => setPrefix(event.target.value)}
                  helperText={t('tables.prefixHelp', { example: `${prefix} ${from}`.trim() })}
                />
                <Stack direction="row" spacing={2}>
                  <TextField
                    label={t('tables.from')}
                    type="number"
                    value={from}
                    onChange={(event) => setFrom(event.target.value)}
                    slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
                  />
                  <TextField
                    label={t('tables.to')}
                    type="number"
                    value={to}
                    onChange={(event) => setTo(event.target.value)}
                    slotProps={{ htmlInput: { min: 0, inputMode: 'numeric' } }}
                  />
                </Stack>
              </>
            )}
            <TextField
              select
              label={t('tables.zone')}
              value={zone}
              onChange={(event) => setZone(event.target.value === '' ? '' : Number(event.target.value))}
            >
              <MenuItem value="">{t('tables.noZone')}</MenuItem>
              {zones.map((option) => (
                <MenuItem key={option.id} value={option.id}>
                  {option.name}
                </MenuItem>
              ))}
            </TextField>
            <FormControlLabel
              control={<Switch checked={premium} onChange={(event) => setPremium(event.target.checked)} />}
              label={t('tables.premium')}
            />
            {error && (
              <Typography color="error" variant="body2">
                {error}
              </Typography>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained" loading={isPending}>
            {t('tables.add')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

/** A name asked in a small dialog: renaming a table or a zone, creating a zone. */
const NameDialog = ({
  title,
  label,
  initial,
  max,
  isOpen,
  onSave,
  onClose,
}: {
  title: string;
  label: string;
  initial: string;
  max: number;
  isOpen: boolean;
  onSave: (name: string) => Promise<string | null>;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const [name, setName] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const [openedWith, setOpenedWith] = useState<string | null>(null);
  if (isOpen && openedWith !== initial) {
    setOpenedWith(initial);
    setName(initial);
    setError(null);
  }
  if (!isOpen && openedWith !== null) setOpenedWith(null);
  return (
    <Dialog open={isOpen} onClose={onClose} fullWidth maxWidth="xs">
      <form
        noValidate
        onSubmit={async (event) => {
          event.preventDefault();
          if (!name.trim()) return setError(t('validation.required'));
          const failure = await onSave(name.trim());
          setError(failure);
          if (!failure) onClose();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent>
          <TextField
            autoFocus
            fullWidth
            required
            label={label}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={error !== null}
            helperText={error ?? undefined}
            sx={{ mt: 1 }}
            slotProps={{ htmlInput: { maxLength: max } }}
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('common.cancel')}</Button>
          <Button type="submit" variant="contained">
            {t('tables.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
};

const DeleteZoneDialog = ({
  clubId,
  zone,
  onClose,
}: {
  clubId: string;
  zone: TableZone | null;
  onClose: () => void;
}) => {
  const { t } = useTranslation();
  const { run, isPending } = useRun(clubId);
  const [tables, setTables] = useState<'unassign' | 'delete'>('unassign');
  const [schedulings, setSchedulings] = useState<'everyZone' | 'delete'>('everyZone');
  return (
    <Dialog open={zone !== null} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t('tables.deleteZoneTitle', { name: zone?.name ?? '' })}</DialogTitle>
      <DialogContent>
        <DialogContentText sx={{ mb: 2 }}>{t('tables.deleteZoneText')}</DialogContentText>
        <Typography sx={{ fontWeight: 600 }}>{t('tables.zoneTables')}</Typography>
        <RadioGroup
          value={tables}
          onChange={(event) => setTables(event.target.value as 'unassign' | 'delete')}
          sx={{ mb: 2 }}
        >
          <FormControlLabel value="unassign" control={<Radio />} label={t('tables.unassign')} />
          <FormControlLabel value="delete" control={<Radio />} label={t('tables.deleteTables')} />
        </RadioGroup>
        <Typography sx={{ fontWeight: 600 }}>{t('tables.zoneSchedulings')}</Typography>
        <RadioGroup
          value={schedulings}
          onChange={(event) => setSchedulings(event.target.value as 'everyZone' | 'delete')}
        >
          <FormControlLabel value="everyZone" control={<Radio />} label={t('tables.everyZone')} />
          <FormControlLabel value="delete" control={<Radio />} label={t('tables.deleteSchedulings')} />
        </RadioGroup>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('common.cancel')}</Button>
        <Button
          color="error"
          variant="contained"
          loading={isPending}
          onClick={async () => {
            if (!zone) return;
            const failure = await run(
              { kind: 'deleteZone', zoneId: zone.id, tables, schedulings },
              t('tables.zoneDeleted', { name: zone.name }),
            );
            if (!failure) onClose();
          }}
        >
          {t('tables.deleteZone')}
        </Button>
      </DialogActions>
    </Dialog>
  );
};

const QrImage = ({ clubId, table }: { clubId: string; table: Table }) => {
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

const TableCard = ({
  clubId,
  table,
  zones,
  isSelected,
  onSelect,
  onRename,
  onDelete,
}: {
  clubId: string;
  table: Table;
  zones: TableZone[];
  isSelected: boolean;
  onSelect: () => void;
  onRename: () => void;
  onDelete: () => void;
}) => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { run } = useRun(clubId);
  const download = async (format: 'png' | 'svg') => {
    try {
      saveBlob(
        await apiBlob(`/clubs/${clubId}/tables/${table.id}/qrcode.${format}`),
        `qr-${table.name}.${format}`,
      );
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
              onChange={(event) =>
                void run(
                  {
                    kind: 'saveTables',
                    body: {
                      tables: [
                        {
                          id: table.id,
                          name: table.name,
                          premium: table.premium,
                          tableZoneId: event.target.value === '' ? null : Number(event.target.value),
                        },
                      ],
                    },
                  },
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
            <FormControlLabel
              control={
                <Switch
                  size="small"
                  checked={table.premium}
                  onChange={(event) =>
                    void run({
                      kind: 'saveTables',
                      body: {
                        tables: [
                          {
                            id: table.id,
                            name: table.name,
                            premium: event.target.checked,
                            tableZoneId: table.tableZoneId,
                          },
                        ],
                      },
                    })
                  }
                />
              }
              label={t('tables.premium')}
            />
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
          </Stack>
        </Stack>
      </Stack>
    </Paper>
  );
};

/** /clubs/:clubId/qrcode: tables by zone, each with its QR code to download, copy, open or print. */
export const QrCodesScreen = () => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { clubId = '' } = useParams();
  const tables = useTables(clubId);
  const zones = useZones(clubId);
  const { run } = useRun(clubId);
  const [isAdding, setIsAdding] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [renaming, setRenaming] = useState<Table | null>(null);
  const [deleting, setDeleting] = useState<Table | null>(null);
  const [zoneDialog, setZoneDialog] = useState<{ zone: TableZone | null } | null>(null);
  const [deletingZone, setDeletingZone] = useState<TableZone | null>(null);
  const [isPrinting, setIsPrinting] = useState(false);

  if (tables.isError || zones.isError)
    return <QueryError onRetry={() => void Promise.all([tables.refetch(), zones.refetch()])} />;
  if (!tables.data || !zones.data) return <CenteredSpinner isDelayed />;
  const zoneList = zones.data.tableZones;

  const print = async (ids?: number[]) => {
    setIsPrinting(true);
    try {
      const query = ids?.length ? `?tables=${ids.join(',')}` : '';
      saveBlob(await apiBlob(`/clubs/${clubId}/tables/qrcodes.pdf${query}`), `qr-${clubId}.pdf`);
    } catch {
      enqueueSnackbar(t('errors.GENERIC_TRY_LATER'), { variant: 'error' });
    } finally {
      setIsPrinting(false);
    }
  };

  const groups = [
    ...zoneList.map((zone) => ({
      zone,
      tables: tables.data.tables.filter((table) => table.tableZoneId === zone.id),
    })),
    { zone: null, tables: tables.data.tables.filter((table) => table.tableZoneId === null) },
  ].filter((group) => group.zone !== null || group.tables.length > 0);

  const actions = (
    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
      <Button variant="contained" startIcon={<Add />} onClick={() => setIsAdding(true)}>
        {t('tables.addTitle')}
      </Button>
      {tables.data.tables.length > 0 && (
        <Button
          variant="outlined"
          startIcon={<PrintOutlined />}
          loading={isPrinting}
          onClick={() => void print(selected.size ? [...selected] : undefined)}
        >
          {selected.size ? t('tables.printSelected', { count: selected.size }) : t('tables.printAll')}
        </Button>
      )}
    </Stack>
  );

  return (
    <>
      <ScreenHeader title={t('screens.qrCode')} subtitle={t('tables.subtitle')} action={actions} />
      <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1, mb: 3, alignItems: 'center' }}>
        <Typography variant="body2" color="text.secondary">
          {t('tables.zones')}
        </Typography>
        {zoneList.map((zone) => (
          <Chip
            key={zone.id}
            label={zone.name}
            onClick={() => setZoneDialog({ zone })}
            onDelete={() => setDeletingZone(zone)}
            deleteIcon={<DeleteOutline aria-label={t('tables.deleteZoneNamed', { name: zone.name })} />}
          />
        ))}
        <Chip
          icon={<Add />}
          label={t('tables.newZone')}
          variant="outlined"
          onClick={() => setZoneDialog({ zone: null })}
        />
      </Stack>
      {tables.data.tables.length === 0 ? (
        <NoticeScreen
          icon={<QrCode2Outlined />}
          title={t('tables.emptyTitle')}
          text={t('tables.emptyText')}
          actions={
            <Button variant="contained" onClick={() => setIsAdding(true)}>
              {t('tables.addTitle')}
            </Button>
          }
        />
      ) : (
        <Stack spacing={4}>
          {groups.map(({ zone, tables: zoneTables }) => (
            <Box component="section" key={zone?.id ?? 'none'} aria-label={zone?.name ?? t('tables.noZone')}>
              <Typography variant="h2" sx={{ mb: 1.5 }}>
                {zone?.name ?? t('tables.noZone')}{' '}
                <Typography component="span" color="text.secondary">
                  ({zoneTables.length})
                </Typography>
              </Typography>
              {zoneTables.length === 0 ? (
                <Typography color="text.secondary">{t('tables.zoneEmpty')}</Typography>
              ) : (
                <Grid container spacing={1.5}>
                  {zoneTables.map((table) => (
                    <Grid key={table.id} size={{ xs: 12, md: 6, lg: 4 }}>
                      <TableCard
                        clubId={clubId}
                        table={table}
                        zones={zoneList}
                        isSelected={selected.has(table.id)}
                        onSelect={() =>
                          setSelected((current) => {
                            const next = new Set(current);
                            if (next.has(table.id)) next.delete(table.id);
                            else next.add(table.id);
                            return next;
                          })
                        }
                        onRename={() => setRenaming(table)}
                        onDelete={() => setDeleting(table)}
                      />
                    </Grid>
                  ))}
                </Grid>
              )}
            </Box>
          ))}
        </Stack>
      )}
      <AddTablesDialog
        clubId={clubId}
        zones={zoneList}
        isOpen={isAdding}
        onClose={() => setIsAdding(false)}
      />
      <NameDialog
        title={t('tables.renameTitle', { name: renaming?.name ?? '' })}
        label={t('tables.name')}
        initial={renaming?.name ?? ''}
        max={TABLE_NAME_MAX}
        isOpen={renaming !== null}
        onClose={() => setRenaming(null)}
        onSave={(name) =>
          run(
            { kind: 'saveTables', body: { tables: [{ ...renaming!, name }] } },
            t('tables.renamed', { name }),
          )
        }
      />
      <NameDialog
        title={
          zoneDialog?.zone ? t('tables.renameZoneTitle', { name: zoneDialog.zone.name }) : t('tables.newZone')
        }
        label={t('tables.zoneName')}
        initial={zoneDialog?.zone?.name ?? ''}
        max={ZONE_NAME_MAX}
        isOpen={zoneDialog !== null}
        onClose={() => setZoneDialog(null)}
        onSave={(name) =>
          zoneDialog?.zone
            ? run({ kind: 'renameZone', zoneId: zoneDialog.zone.id, name }, t('tables.zoneSaved', { name }))
            : run({ kind: 'createZone', name }, t('tables.zoneSaved', { name }))
        }
      />
      <DeleteZoneDialog clubId={clubId} zone={deletingZone} onClose={() => setDeletingZone(null)} />
      <TypedConfirmDialog
        isOpen={deleting !== null}
        title={t('tables.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('tables.deleteText')}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const failure = await run(
            { kind: 'deleteTable', tableId: deleting.id },
            t('tables.deleted', { name: deleting.name }),
          );
          if (!failure) setDeleting(null);
        }}
      />
    </>
  );
};
