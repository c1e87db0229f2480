import { MENU_ORIGINAL_LANGUAGE, type MenuLanguage } from '@carta/contract/limits';
import type { TimePrice } from '@carta/contract/time-prices';
import Add from '@mui/icons-material/Add';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import LocalOfferOutlined from '@mui/icons-material/LocalOfferOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { useClub } from '../../api/get-club.ts';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { NoticeScreen } from '../../components/notice-screen.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteTimePrice } from './api/delete-time-price.ts';
import { useTimePrices } from './api/get-time-prices.ts';
import { TimePriceDialog } from './time-price-dialog.tsx';
import { targetOptions } from './time-price-form.ts';
import { changeText, targetText, whenText } from './time-price-summary.ts';

/** One rule as a card: its label, when, what it makes and to what; change and delete. */
const RuleCard = ({
  rule,
  onEdit,
  onDelete,
}: {
  rule: TimePrice;
  onEdit: () => void;
  onDelete: () => void;
}) => {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1.5, sm: 2 } }} data-testid="time-price">
      <Stack direction="row" sx={{ gap: 1, alignItems: 'flex-start' }}>
        <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="h3" component="h2" sx={{ overflowWrap: 'anywhere' }}>
            {rule.label}
          </Typography>
          <Typography>{whenText(rule, t, i18n.language)}</Typography>
          <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 1 }}>
            <Chip size="small" color="primary" label={changeText(rule, t, i18n.language)} />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
            {targetText(rule, t)}
          </Typography>
        </Stack>
        <Tooltip title={t('timePrices.edit')}>
          <IconButton aria-label={t('timePrices.editNamed', { label: rule.label })} onClick={onEdit}>
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <Tooltip title={t('timePrices.delete')}>
          <IconButton aria-label={t('timePrices.deleteNamed', { label: rule.label })} onClick={onDelete}>
            <DeleteOutline />
          </IconButton>
        </Tooltip>
      </Stack>
    </Paper>
  );
};

/**
 * /clubs/:clubId/menu/time-prices: the club's prices by time ("happy hour"), each a card, added and
 * changed in a dialog (docs/product.md, Prices by time).
 */
export const TimePricesScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const timePrices = useTimePrices(clubId);
  const club = useClub(clubId);
  const remove = useDeleteTimePrice(clubId);
  const runDelete = useMutationWithToast(remove);
  // A number per opening, so the dialog starts afresh from the rule as saved each time.
  const [editing, setEditing] = useState<{ rule: TimePrice | null; openedAt: number } | null>(null);
  const [deleting, setDeleting] = useState<TimePrice | null>(null);

  if (timePrices.isError) return <QueryError onRetry={() => void timePrices.refetch()} />;
  if (!timePrices.data) return <CenteredSpinner isDelayed />;
  const { timePrices: rules, menus } = timePrices.data;
  const options = targetOptions(menus);
  const languages: MenuLanguage[] = club.data?.translationsEnabled
    ? club.data.menuLanguages.filter((language) => language !== MENU_ORIGINAL_LANGUAGE)
    : [];
  const open = (rule: TimePrice | null) => setEditing({ rule, openedAt: Date.now() });
  const addButton = (
    <Button
      variant="contained"
      startIcon={<Add />}
      onClick={() => open(null)}
      disabled={options.length === 0}
    >
      {t('timePrices.add')}
    </Button>
  );

  return (
    <>
      {rules.length === 0 ? (
        <NoticeScreen
          icon={<LocalOfferOutlined />}
          title={t('timePrices.emptyTitle')}
          text={options.length === 0 ? t('timePrices.emptyNoMenu') : t('timePrices.emptyText')}
          actions={
            options.length === 0 ? (
              <Button variant="contained" component={RouterLink} to={`/clubs/${clubId}/menu`}>
                {t('timePrices.toMenus')}
              </Button>
            ) : (
              addButton
            )
          }
        />
      ) : (
        <>
          <ScreenHeader
            title={t('timePrices.title')}
            subtitle={t('timePrices.subtitle')}
            action={addButton}
          />
          <Stack spacing={1.5} component="section" aria-label={t('timePrices.title')}>
            {rules.map((rule) => (
              <RuleCard
                key={rule.id}
                rule={rule}
                onEdit={() => open(rule)}
                onDelete={() => setDeleting(rule)}
              />
            ))}
          </Stack>
          <Box sx={{ mt: 3 }}>
            <Typography variant="body2" color="text.secondary">
              {t('timePrices.previewHint')}{' '}
              <Link component={RouterLink} to={`/clubs/${clubId}/menu`}>
                {t('timePrices.toMenus')}
              </Link>
            </Typography>
          </Box>
        </>
      )}
      <TimePriceDialog
        clubId={clubId}
        rule={editing?.rule ?? null}
        openedAt={editing?.openedAt ?? null}
        options={options}
        languages={languages}
        onClose={() => setEditing(null)}
      />
      <TypedConfirmDialog
        isOpen={deleting !== null}
        title={t('timePrices.deleteTitle', { label: deleting?.label ?? '' })}
        text={t('timePrices.deleteText')}
        isWorking={remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const failure = await runDelete(deleting.id, t('timePrices.deleted', { label: deleting.label }));
          if (!failure) setDeleting(null);
        }}
      />
    </>
  );
};
