import { ADMIN_CLUB_FILTERS, type AdminClub } from '@carta/contract/admin';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import LinearProgress from '@mui/material/LinearProgress';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { AdminPagination } from './admin-pagination.tsx';
import { type AdminClubAction, useAdminClubAction } from './api/club-actions.ts';
import { useAdminClubs } from './api/get-admin-clubs.ts';
import { ClubCard } from './club-card.tsx';
import { ClubMessageDialog } from './club-message-dialog.tsx';
import { type Confirmation, ConfirmDialog } from './confirm-dialog.tsx';
import { SponsorshipDialog } from './sponsorship-dialog.tsx';
import { useClubListQuery } from './use-club-list-query.ts';

/** Venues: the queue of those waiting for activation first, then any venue by search. */
export const ClubsTab = () => {
  const { t } = useTranslation();
  const { filter, setFilter, search, setSearch, debouncedSearch, page, setPage, pageSize, setPageSize } =
    useClubListQuery();
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
                onClick={() => setFilter(name)}
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
          <AdminPagination
            count={clubs.data.total}
            page={page}
            pageSize={pageSize}
            onPage={setPage}
            onPageSize={(next) => {
              setPageSize(next);
              setPage(1);
            }}
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
