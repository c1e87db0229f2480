import type { ClubDetails } from '@carta/contract/entities';
import { planAllows } from '@carta/contract/plan-features';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { usePromoteBrand, usePromotion } from './api/promote.ts';
import { SeePlansLink } from './see-plans-link.tsx';

/**
 * Promoting the sponsoring brand's products (PATCH /clubs/{clubId}/promote, Smart only): the branded
 * items are listed as the preview of what changes; promoting marks them Suggested and moves them first
 * in their category, ending puts them back.
 */
export const BrandPromotionPanel = ({ club }: { club: ClubDetails }) => {
  const { t } = useTranslation();
  const clubId = String(club.id);
  const promotion = usePromotion(clubId);
  const promoteBrand = usePromoteBrand(clubId);
  const runPromote = useMutationWithToast(promoteBrand);
  const [confirming, setConfirming] = useState<'start' | 'end' | null>(null);
  const isAllowed = planAllows(club.plan, 'promoteBrand');

  const items = promotion.data?.items ?? [];
  const waiting = items.filter((item) => !item.promoted);
  const promoted = items.filter((item) => item.promoted);
  const brand = promotion.data?.brandName ?? t('promote.theBrand');

  const run = async (enabled: boolean) => {
    setConfirming(null);
    await runPromote({ enabled }, (result) =>
      t(enabled ? 'promote.started' : 'promote.ended', { count: result.changed.length }),
    );
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="brand-promotion-title"
      sx={{ p: { xs: 2, sm: 3 } }}
    >
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
        <Typography id="brand-promotion-title" variant="h3" component="h2">
          {t('promote.title')}
        </Typography>
        <Chip size="small" label={t('settings.smartOnly')} color={isAllowed ? 'primary' : 'default'} />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {t('promote.text', { brand })}
        {!isAllowed && <SeePlansLink clubId={club.id} />}
      </Typography>

      {promotion.isPending && (
        <Stack role="status" direction="row" spacing={1} sx={{ alignItems: 'center', py: 2 }}>
          <CircularProgress size={20} />
          <Typography variant="body2">{t('promote.loading')}</Typography>
        </Stack>
      )}
      {promotion.isError && <QueryError onRetry={() => void promotion.refetch()} />}
      {promotion.isSuccess && items.length === 0 && (
        <Typography variant="body2" sx={{ mt: 2 }} data-testid="promote-empty">
          {t('promote.empty')}
        </Typography>
      )}
      {items.length > 0 && (
        <>
          <List dense aria-label={t('promote.listLabel')} sx={{ mt: 1 }}>
            {items.map((item) => (
              <ListItem
                key={item.id}
                disableGutters
                secondaryAction={
                  item.promoted ? (
                    <Chip size="small" color="primary" label={t('promote.promoted')} />
                  ) : undefined
                }
              >
                <ListItemText
                  primary={item.name}
                  secondary={`${item.menuName} › ${item.sectionName} · ${item.brandCode}`}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                  sx={{ pr: item.promoted ? 14 : 0 }}
                />
              </ListItem>
            ))}
          </List>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ mt: 1 }}>
            {waiting.length > 0 && (
              <Button
                variant="contained"
                disabled={!isAllowed || promoteBrand.isPending}
                onClick={() => setConfirming('start')}
              >
                {t('promote.start', { count: waiting.length })}
              </Button>
            )}
            {promoted.length > 0 && (
              <Button
                variant="outlined"
                disabled={promoteBrand.isPending}
                onClick={() => setConfirming('end')}
              >
                {t('promote.end')}
              </Button>
            )}
          </Stack>
        </>
      )}

      <Dialog
        open={confirming !== null}
        onClose={() => setConfirming(null)}
        aria-labelledby="promote-confirm-title"
      >
        <DialogTitle id="promote-confirm-title">
          {confirming === 'end'
            ? t('promote.endConfirm.title', { count: promoted.length })
            : t('promote.startConfirm.title', { count: waiting.length })}
        </DialogTitle>
        <DialogContent>
          <DialogContentText>
            {confirming === 'end' ? t('promote.endConfirm.text') : t('promote.startConfirm.text')}
          </DialogContentText>
          <List dense>
            {(confirming === 'end' ? promoted : waiting).map((item) => (
              <ListItem key={item.id} disableGutters>
                <ListItemText primary={item.name} secondary={`${item.menuName} › ${item.sectionName}`} />
              </ListItem>
            ))}
          </List>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirming(null)} autoFocus>
            {t('common.cancel')}
          </Button>
          <Button variant="contained" onClick={() => void run(confirming !== 'end')}>
            {confirming === 'end' ? t('promote.endConfirm.confirm') : t('promote.startConfirm.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
};
