import type { TableListEntry, TableZone } from '@carta/contract/entities';
import {
  qrSheetFileName,
  SaveZoneRequestSchema,
  TABLE_NAME_MAX,
  TableInputSchema,
  ZONE_NAME_MAX,
} from '@carta/contract/tables';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import QrCode2Outlined from '@mui/icons-material/QrCode2Outlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { useClubRole } from '../../api/use-club-role.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { saveBlob } from '../../lib/api-client.ts';
import { can } from '../../lib/club-roles.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { AddTablesDialog } from './add-tables-dialog.tsx';
import { useCreateZone } from './api/create-zone.ts';
import { useDeleteTable } from './api/delete-table.ts';
import { getQrSheet } from './api/get-table-qr.ts';
import { useTables } from './api/get-tables.ts';
import { useZones } from './api/get-zones.ts';
import { useRenameZone } from './api/rename-zone.ts';
import { useSaveTables } from './api/save-tables.ts';
import { DeleteZoneDialog } from './delete-zone-dialog.tsx';
import { NameDialog } from './name-dialog.tsx';
import { TableCard } from './table-card.tsx';

const TableNameSchema = TableInputSchema.pick({ name: true });

/** /clubs/:clubId/qrcode: tables by zone, each with its QR code to download, copy, open or print. */
export const QrCodesScreen = () => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const { clubId = '' } = useParams();
  const club = useClub(clubId);
  const tables = useTables(clubId);
  const zones = useZones(clubId);
  const toastOptions = { isForForm: true };
  const runSaveTables = useMutationWithToast(useSaveTables(clubId), toastOptions);
  const runDeleteTable = useMutationWithToast(useDeleteTable(clubId), toastOptions);
  const runCreateZone = useMutationWithToast(useCreateZone(clubId), toastOptions);
  const runRenameZone = useMutationWithToast(useRenameZone(clubId), toastOptions);
  const [isAdding, setIsAdding] = useState(false);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [renaming, setRenaming] = useState<TableListEntry | null>(null);
  const [deleting, setDeleting] = useState<TableListEntry | null>(null);
  const [zoneDialog, setZoneDialog] = useState<{ zone: TableZone | null } | null>(null);
  const [deletingZone, setDeletingZone] = useState<TableZone | null>(null);
  const [isDownloading, setIsDownloading] = useState(false);
  // Staff read and print the codes; adding, renaming, moving and deleting is for managers (docs/product.md, Staff and roles).
  const canEdit = can(useClubRole(clubId), 'editTables');

  if (tables.isError || zones.isError)
    return <QueryError onRetry={() => void Promise.all([tables.refetch(), zones.refetch()])} />;
  if (!tables.data || !zones.data) return <CenteredSpinner isDelayed />;
  const zoneList = zones.data.tableZones;

  // A PDF download, said as such on the button: the sheet is printed from the PDF viewer, at the size and
  // on the paper the owner chooses there.
  const downloadSheet = async (ids?: number[]) => {
    setIsDownloading(true);
    try {
      const onSheet = tables.data.tables.filter((table) => !ids || ids.includes(table.id));
      const zoneNames = onSheet.map(
        (table) => zoneList.find((zone) => zone.id === table.tableZoneId)?.name ?? null,
      );
      saveBlob(await getQrSheet(clubId, ids), qrSheetFileName(club.data?.name ?? '', zoneNames));
    } catch {
      enqueueSnackbar(t('errors.GENERIC_TRY_LATER'), { variant: 'error' });
    } finally {
      setIsDownloading(false);
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
      {canEdit && (
        <Button variant="contained" startIcon={<Add />} onClick={() => setIsAdding(true)}>
          {t('tables.addTitle')}
        </Button>
      )}
      {tables.data.tables.length > 0 && (
        <Button
          variant="outlined"
          startIcon={<PictureAsPdfOutlined />}
          loading={isDownloading}
          onClick={() => void downloadSheet(selected.size ? [...selected] : undefined)}
        >
          {selected.size
            ? t('tables.downloadSheetSelected', { count: selected.size })
            : t('tables.downloadSheetAll')}
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
        {zoneList.map((zone) =>
          canEdit ? (
            <Chip
              key={zone.id}
              label={zone.name}
              onClick={() => setZoneDialog({ zone })}
              onDelete={() => setDeletingZone(zone)}
              deleteIcon={<DeleteOutline aria-label={t('tables.deleteZoneNamed', { name: zone.name })} />}
            />
          ) : (
            <Chip key={zone.id} label={zone.name} />
          ),
        )}
        {canEdit && (
          <Chip
            icon={<Add />}
            label={t('tables.newZone')}
            variant="outlined"
            onClick={() => setZoneDialog({ zone: null })}
          />
        )}
      </Stack>
      {tables.data.tables.length === 0 ? (
        <NoticeScreen
          icon={<QrCode2Outlined />}
          title={t('tables.emptyTitle')}
          text={t('tables.emptyText')}
          actions={
            canEdit && (
              <Button variant="contained" onClick={() => setIsAdding(true)}>
                {t('tables.addTitle')}
              </Button>
            )
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
                        isReadOnly={!canEdit}
                        isWaitingForActivation={club.data?.state === 'waitingForActivation'}
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
        schema={TableNameSchema}
        isOpen={renaming !== null}
        onClose={() => setRenaming(null)}
        onSave={async (name) =>
          renaming
            ? runSaveTables(
                {
                  tables: [
                    { id: renaming.id, name, premium: renaming.premium, tableZoneId: renaming.tableZoneId },
                  ],
                },
                t('tables.renamed', { name }),
              )
            : null
        }
      />
      <NameDialog
        title={
          zoneDialog?.zone ? t('tables.renameZoneTitle', { name: zoneDialog.zone.name }) : t('tables.newZone')
        }
        label={t('tables.zoneName')}
        initial={zoneDialog?.zone?.name ?? ''}
        max={ZONE_NAME_MAX}
        schema={SaveZoneRequestSchema}
        isOpen={zoneDialog !== null}
        onClose={() => setZoneDialog(null)}
        onSave={(name) =>
          zoneDialog?.zone
            ? runRenameZone({ zoneId: zoneDialog.zone.id, name }, t('tables.zoneSaved', { name }))
            : runCreateZone({ name }, t('tables.zoneSaved', { name }))
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
          const failure = await runDeleteTable(deleting.id, t('tables.deleted', { name: deleting.name }));
          if (!failure) setDeleting(null);
        }}
      />
    </>
  );
};
