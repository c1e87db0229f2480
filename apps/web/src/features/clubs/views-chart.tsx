import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dateFormat } from '../../lib/date-formats.ts';
import { useViewStats } from './api/get-view-stats.ts';

/** Guest page views of the last two weeks: a bar a day, the total, the most read menus. */
export const ViewsChart = ({ clubId }: { clubId: string }) => {
  const { t } = useTranslation();
  const stats = useViewStats(clubId);
  const format = dateFormat({ day: 'numeric', month: 'short', timeZone: 'UTC' });
  if (!stats.data) return <Skeleton variant="rounded" height={180} />;
  const { days, menus, total } = stats.data;
  const highest = Math.max(1, ...days.map((day) => day.views));
  const width = 100 / days.length;
  const [firstDay] = days;
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2.5, sm: 3 } }} data-testid="views-chart">
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'baseline', mb: 1.5 }}>
        <Typography variant="h2" component="h2">
          {t('board.views.title')}
        </Typography>
        <Typography color="text.secondary">{t('board.views.total', { count: total })}</Typography>
      </Stack>
      {total === 0 ? (
        <Typography color="text.secondary">{t('board.views.none')}</Typography>
      ) : (
        <>
          <Box
            component="svg"
            viewBox="0 0 100 40"
            preserveAspectRatio="none"
            role="img"
            aria-label={t('board.views.chartLabel', {
              days: days
                .map((day) => `${format.format(new Date(`${day.day}T00:00:00Z`))}: ${day.views}`)
                .join(', '),
            })}
            sx={{ width: '100%', height: 120, display: 'block' }}
          >
            {days.map((day, index) => {
              const height = (day.views / highest) * 38;
              return (
                <rect
                  key={day.day}
                  x={index * width + width * 0.15}
                  y={40 - height}
                  width={width * 0.7}
                  height={Math.max(height, day.views > 0 ? 0.8 : 0.3)}
                  rx={0.6}
                  fill={day.views > 0 ? '#7a1f3d' : '#e4dad3'}
                >
                  <title>{`${format.format(new Date(`${day.day}T00:00:00Z`))}: ${day.views}`}</title>
                </rect>
              );
            })}
          </Box>
          <Stack direction="row" sx={{ justifyContent: 'space-between', mt: 0.5 }}>
            <Typography variant="caption" color="text.secondary">
              {firstDay && format.format(new Date(`${firstDay.day}T00:00:00Z`))}
            </Typography>
            <Typography variant="caption" color="text.secondary">
              {t('board.views.today')}
            </Typography>
          </Stack>
          {menus.length > 0 && (
            <Stack component="ul" spacing={0.5} sx={{ listStyle: 'none', p: 0, m: 0, mt: 2 }}>
              {menus.slice(0, 3).map((menu) => (
                <Stack
                  component="li"
                  key={menu.menuId}
                  direction="row"
                  sx={{ justifyContent: 'space-between' }}
                >
                  <Typography>{menu.name}</Typography>
                  <Typography color="text.secondary">
                    {t('board.views.menuViews', { count: menu.views })}
                  </Typography>
                </Stack>
              ))}
            </Stack>
          )}
        </>
      )}
    </Paper>
  );
};
