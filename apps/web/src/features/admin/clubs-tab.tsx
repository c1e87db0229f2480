import { ADMIN_CLUB_FILTERS, type AdminClub } from '@carta/contract/admin';
import type { ClubState } from '@carta/contract/clubs';
import { severityName } from '@carta/contract/message-severity';
import { formatPhone } from '@carta/contract/phone-numbers';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TablePagination from '@mui/material/TablePagination';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { QueryError } from '../../components/query-error.tsx';
import { dateFormat } from '../../lib/date-formats.ts';
import { useDebounced } from '../../lib/use-debounced.ts';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { type AdminClubAction, useAdminClubAction } from './api/club-actions.ts';
import { useAdminClubs } from './api/get-admin-clubs.ts';
import { ClubMessageDialog } from './club-message-dialog.tsx';
import { ClubPaymentsButton } from './club-payments/club-payments-dialog.tsx';
import { type Confirmation, ConfirmDialog } from './confirm-dialog.tsx';
import { SponsorshipDialog } from './sponsorship-dialog.tsx';
import { SubscriptionChip } from './subscription-chip.tsx';

type Filter = (typeof ADMIN_CLUB_FILTERS)[number];
const isFilter = (value: unknown): value is Filter => ADMIN_CLUB_FILTERS.includes(value as Filter);

const STATE_COLOR: Record<ClubState, 'info' | 'success' | 'warning' | 'error'> = {
  waitingForActivation: 'info',
  active: 'success',
  disabledByOwner: 'warning',
  disabledByPlatform: 'error',
};

const ClubCard = ({
  club,
  isBusy,
  onAction,
  onConfirm,
  onWriteMessage,
  onOfferSmart,
}: {
  club: AdminClub;
  isBusy: boolean;
  onAction: (action: AdminClubAction) => void;
  onConfirm: (confirmation: Confirmation, action: AdminClubAction) => void;
  onWriteMessage: () => void;
  onOfferSmart: () => void;
}) => {
  const { t } = useTranslation();
  const created = dateFormat({ dateStyle: 'medium' }).format(new Date(club.createdAt));
  const canActivate = club.state === 'waitingForActivation' || club.state === 'disabledByPlatform';
  return (
    <Paper
      variant="outlined"
      component="li"
      sx={{ p: { xs: 2, sm: 2.5 }, listStyle: 'none' }}
      data-testid="admin-club"
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
          <Typography variant="h3" component="h3" sx={{ mr: 1 }}>
            {club.name}
          </Typography>
          <Chip size="small" color={STATE_COLOR[club.state]} label={t(`clubState.${club.state}.label`)} />
          <SubscriptionChip subscription={club.subscription} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {club.city} ({club.country}) · {t('admin.club.created', { date: created })}
          {club.brand && ` · ${t('admin.club.brand', { name: club.brand.name })}`}
        </Typography>
        <Typography variant="body2">
          {t('admin.club.owner')}: {club.owner.name} {club.owner.lastName} · {club.owner.email} ·{' '}
          {formatPhone(club.owner.phone)}
        </Typography>
        {club.message && (
          <Alert severity={severityName(club.message.severity)} sx={{ py: 0 }}>
            {t('admin.club.hasMessage', { summary: club.message.summary })}
          </Alert>
        )}
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignItems: { xs: 'stretch', sm: 'center' }, flexWrap: 'wrap', rowGap: 1 }}
        >
          {canActivate ? (
            <Button
              variant="contained"
              disabled={isBusy}
              onClick={() => onAction({ kind: 'activate', clubId: club.id })}
            >
              {club.state === 'waitingForActivation' ? t('admin.club.activate') : t('admin.club.enable')}
            </Button>
          ) : (
            <Button
              variant="outlined"
              color="error"
              disabled={isBusy}
              onClick={() =>
                onConfirm(
                  {
                    title: t('admin.confirm.disableTitle', { name: club.name }),
                    text: t('admin.confirm.disableText'),
                    confirmLabel: t('admin.confirm.disable'),
                    isDestructive: true,
                  },
                  { kind: 'disable', clubId: club.id },
                )
              }
            >
              {t('admin.club.disable')}
            </Button>
          )}
          <Button variant="outlined" disabled={isBusy} onClick={onWriteMessage}>
            {t('admin.club.message')}
          </Button>
          <ClubPaymentsButton club={club} isBusy={isBusy} />
          {!club.freeForever && (
            <Button variant="outlined" disabled={isBusy} onClick={onOfferSmart}>
              {t('admin.club.offerSmart')}
            </Button>
          )}
          {club.message && (
            <Button
              color="error"
              disabled={isBusy}
              onClick={() =>
                onConfirm(
                  {
                    title: t('admin.confirm.removeMessageTitle', { name: club.name }),
                    text: t('admin.confirm.removeMessageText'),
                    confirmLabel: t('admin.confirm.remove'),
                    isDestructive: true,
                  },
                  { kind: 'clearMessage', clubId: club.id },
                )
              }
            >
              {t('admin.club.removeMessage')}
            </Button>
          )}
          <FormControlLabel
            sx={{ ml: { sm: 'auto' } }}
            control={
              <Switch
                checked={club.freeForever}
                disabled={isBusy}
                onChange={(event) => {
                  const freeForever = event.target.checked;
                  onConfirm(
                    {
                      title: t(
                        freeForever
                          ? 'admin.confirm.freeForeverOnTitle'
                          : 'admin.confirm.freeForeverOffTitle',
                        {
                          name: club.name,
                        },
                      ),
                      text: t(
                        freeForever ? 'admin.confirm.freeForeverOnText' : 'admin.confirm.freeForeverOffText',
                      ),
                      confirmLabel: t('admin.confirm.confirm'),
                    },
                    { kind: 'freeForever', clubId: club.id, freeForever },
                  );
                }}
              />
            }
            label={t('admin.club.earlyAdopter')}
          />
        </Stack>
      </Stack>
    </Paper>
  );
};

/** Venues: the queue of those waiting for activation first, then any venue by search. */
export const ClubsTab = () => {
  const { t } = useTranslation();
  const [searchParameters, setSearchParameters] = useSearchParams();
  const filterParameter = searchParameters.get('filter');
  const filter: Filter = isFilter(filterParameter) ? filterParameter : 'waiting';
  // The activation page links here with the venue's name (?search=).
  const [search, setSearch] = useState(() => searchParameters.get('search') ?? '');
  const debouncedSearch = useDebounced(search.trim(), 300);
  // A new filter or search starts again from its first page.
  const listKey = `${filter}|${debouncedSearch}`;
  const [paging, setPaging] = useState({ listKey, page: 1 });
  const page = paging.listKey === listKey ? paging.page : 1;
  const setPage = (next: number) => setPaging({ listKey, page: next });
  const [pageSize, setPageSize] = useState(20);
  const clubs = useAdminClubs({ filter, search: debouncedSearch || undefined, page, pageSize });
  const waitingCount = useAdminClubs({ filter: 'waiting', page: 1, pageSize: 1 }).data?.total;
  const action = useAdminClubAction();
  const [confirmation, setConfirmation] = useState<{
    confirmation: Confirmation;
    action: AdminClubAction;
  } | null>(null);
  const [messageClub, setMessageClub] = useState<AdminClub | null>(null);
  const [sponsoredClub, setSponsoredClub] = useState<AdminClub | null>(null);

  const runAction = useMutationWithToast(action);
  const run = async (next: AdminClubAction) => {
    const failure = await runAction(next, (club) => t(`admin.done.${next.kind}`, { name: club.name }));
    if (failure === null && next.kind === 'saveMessage') setMessageClub(null);
    if (failure === null && next.kind === 'sponsorship') setSponsoredClub(null);
  };

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
        <Stack
          direction="row"
          role="group"
          aria-label={t('admin.filters.label')}
          sx={{ flexWrap: 'wrap', gap: 1 }}
        >
          {ADMIN_CLUB_FILTERS.map((name) => {
            const isSelected = name === filter;
            const count = name === 'waiting' && waitingCount !== undefined ? ` (${waitingCount})` : '';
            return (
              <Chip
                key={name}
                label={`${t(`admin.filters.${name}`)}${count}`}
                color={isSelected ? 'primary' : 'default'}
                variant={isSelected ? 'filled' : 'outlined'}
                aria-pressed={isSelected}
                onClick={() =>
                  setSearchParameters((current) => ({ ...Object.fromEntries(current), filter: name }))
                }
              />
            );
          })}
        </Stack>
        <TextField
          size="small"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          placeholder={t('admin.search')}
          sx={{ flex: 1 }}
          slotProps={{
            htmlInput: { 'aria-label': t('admin.search') },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchOutlined />
                </InputAdornment>
              ),
            },
          }}
        />
      </Stack>
      {clubs.isFetching && clubs.data && <LinearProgress aria-hidden sx={{ height: 2 }} />}
      {clubs.isError && <QueryError onRetry={() => void clubs.refetch()} />}
      {clubs.isPending && (
        <Stack spacing={2}>
          {[0, 1, 2].map((index) => (
            <Skeleton key={index} variant="rounded" height={150} />
          ))}
        </Stack>
      )}
      {clubs.data && clubs.data.clubs.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {filter === 'waiting' && !debouncedSearch ? t('admin.empty.waiting') : t('admin.empty.other')}
        </Typography>
      )}
      {clubs.data && clubs.data.clubs.length > 0 && (
        <>
          <Stack component="ul" spacing={2} sx={{ p: 0, m: 0 }}>
            {clubs.data.clubs.map((club) => (
              <ClubCard
                key={club.id}
                club={club}
                isBusy={action.isPending}
                onAction={(next) => void run(next)}
                onConfirm={(nextConfirmation, next) =>
                  setConfirmation({ confirmation: nextConfirmation, action: next })
                }
                onWriteMessage={() => setMessageClub(club)}
                onOfferSmart={() => setSponsoredClub(club)}
              />
            ))}
          </Stack>
          <TablePagination
            component="div"
            count={clubs.data.total}
            page={page - 1}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[10, 20, 50]}
            onPageChange={(_, next) => setPage(next + 1)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(1);
            }}
            labelRowsPerPage={t('admin.pagination.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('admin.pagination.of', { from, to, count })}
          />
        </>
      )}
      <ConfirmDialog
        confirmation={confirmation?.confirmation ?? null}
        onClose={() => setConfirmation(null)}
        onConfirm={() => {
          if (confirmation) void run(confirmation.action);
        }}
      />
      <SponsorshipDialog
        club={sponsoredClub}
        isSaving={action.isPending}
        onClose={() => setSponsoredClub(null)}
        onSave={(request) => {
          if (sponsoredClub) void run({ kind: 'sponsorship', clubId: sponsoredClub.id, ...request });
        }}
      />
      <ClubMessageDialog
        club={messageClub}
        isSaving={action.isPending}
        onClose={() => setMessageClub(null)}
        onSave={(message) => {
          if (messageClub) void run({ kind: 'saveMessage', clubId: messageClub.id, message });
        }}
      />
    </Stack>
  );
};
