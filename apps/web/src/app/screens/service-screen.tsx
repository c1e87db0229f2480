import '../../features/staff/staff-i18n.ts';
import Grid from '@mui/material/Grid';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { StockList } from '../../features/staff/stock-list.tsx';
import { WaiterCallsPanel } from '../../features/waiter-calls/waiter-calls-panel.tsx';

/**
 * /clubs/:clubId/service, "calls and stock" (docs/product.md, Staff and roles): a waiter's phone during
 * service, where staff land. The calls come first, live; then every dish with its stock switch. On a wide
 * screen the two sit side by side.
 */
export const ServiceScreen = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  return (
    <>
      <ScreenHeader title={t('staff.title')} subtitle={t('staff.subtitle')} />
      <Grid container spacing={{ xs: 2, md: 3 }} sx={{ alignItems: 'flex-start' }}>
        {/* On a wide screen the calls stay in sight while the list of dishes scrolls. */}
        <Grid size={{ xs: 12, md: 5 }} sx={{ position: { md: 'sticky' }, top: { md: 88 } }}>
          <WaiterCallsPanel clubId={clubId} />
        </Grid>
        <Grid size={{ xs: 12, md: 7 }}>
          <StockList />
        </Grid>
      </Grid>
    </>
  );
};
