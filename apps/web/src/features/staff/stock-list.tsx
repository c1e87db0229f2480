import './staff-i18n.ts';
import type { MenuItem } from '@carta/contract/entities';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import type { StockMenu } from './stock-view.ts';
import { useStock } from './use-stock.ts';

/** Sold out reads dark amber on a pale ground (7:1), as on the menu builder's rows. */
const SOLD_OUT = { color: '#7a3a00', background: '#fdebd3' } as const;

/** One dish: the whole row is the switch's label, so a thumb anywhere on it marks it sold out or back. */
const StockRow = ({ item, onToggle }: { item: MenuItem; onToggle: () => void }) => {
  const { t } = useTranslation();
  return (
    <Box
      component="li"
      sx={{
        borderTop: 1,
        borderColor: 'divider',
        bgcolor: item.outOfStock ? SOLD_OUT.background : undefined,
      }}
    >
      <Box
        component="label"
        sx={{
          display: 'flex',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 1.5, sm: 2 },
          py: 1,
          minHeight: 56,
          cursor: 'pointer',
        }}
      >
        <Stack sx={{ flex: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.name}</Typography>
          <Typography
            variant="body2"
            sx={{
              color: item.outOfStock ? SOLD_OUT.color : 'text.secondary',
              fontWeight: item.outOfStock ? 600 : 400,
            }}
          >
            {[item.outOfStock ? t('staff.out') : t('staff.available'), item.disabled ? t('staff.hidden') : '']
              .filter(Boolean)
              .join(' · ')}
          </Typography>
        </Stack>
        <Switch
          checked={!item.outOfStock}
          onChange={onToggle}
          slotProps={{ input: { 'aria-label': t('staff.switchLabel', { name: item.name }) } }}
        />
      </Box>
    </Box>
  );
};

const MenuStock = ({
  menu,
  isOff,
  onToggle,
}: {
  menu: StockMenu;
  isOff: boolean;
  onToggle: (sectionId: number, item: MenuItem) => void;
}) => {
  const { t } = useTranslation();
  return (
    <Box component="section" aria-label={menu.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', px: { xs: 1.5, sm: 2 }, pt: 2, pb: 1 }}>
        <Typography variant="h3" component="h3">
          {menu.name}
        </Typography>
        {isOff && <Chip size="small" label={t('staff.menuOff')} />}
      </Stack>
      {menu.sections.map((section) => (
        <Box key={section.id}>
          <Typography
            component="h4"
            variant="overline"
            color="text.secondary"
            sx={{ display: 'block', px: { xs: 1.5, sm: 2 }, pt: 1, lineHeight: 2 }}
          >
            {section.name}
          </Typography>
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }}>
            {section.items.map((item) => (
              <StockRow key={item.id} item={item} onToggle={() => onToggle(section.id, item)} />
            ))}
          </Box>
        </Box>
      ))}
    </Box>
  );
};

/** The club's dishes by menu and category, with a search, and one switch each: in stock or sold out. */
export const StockList = () => {
  const { t } = useTranslation();
  const { clubId = '' } = useParams();
  const stock = useStock(clubId);

  const body = () => {
    if (stock.isError) return <QueryError onRetry={stock.retry} />;
    if (stock.isLoading) return <CenteredSpinner isDelayed />;
    if (!stock.hasMenus)
      return (
        <Typography color="text.secondary" sx={{ p: 2 }}>
          {t('staff.noMenus')}
        </Typography>
      );
    if (stock.shown.length === 0)
      return (
        <Typography color="text.secondary" sx={{ p: 2 }} role="status">
          {stock.query.trim() ? t('staff.noResults', { query: stock.query.trim() }) : t('staff.noSoldOut')}
        </Typography>
      );
    return stock.shown.map((menu) => (
      <MenuStock
        key={menu.id}
        menu={menu}
        isOff={stock.isOff(menu.id)}
        onToggle={(sectionId, item) => stock.toggle(menu, sectionId, item)}
      />
    ));
  };

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby="stock-title"
      sx={{ overflow: 'hidden', pb: 1 }}
    >
      <Stack spacing={1.5} sx={{ p: { xs: 1.5, sm: 2 }, pb: 0.5 }}>
        <Stack
          direction="row"
          spacing={1}
          sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap' }}
        >
          <Typography id="stock-title" variant="h2">
            {t('staff.stockTitle')}
          </Typography>
          <Chip
            size="small"
            label={t('staff.soldOut', { count: stock.soldOut })}
            sx={
              stock.soldOut > 0
                ? { color: SOLD_OUT.color, bgcolor: SOLD_OUT.background, fontWeight: 600 }
                : undefined
            }
          />
        </Stack>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <TextField
            type="search"
            size="small"
            fullWidth
            value={stock.query}
            onChange={(event) => stock.setQuery(event.target.value)}
            placeholder={t('staff.search')}
            slotProps={{
              htmlInput: { 'aria-label': t('staff.search') },
              input: {
                startAdornment: (
                  <InputAdornment position="start">
                    <SearchOutlined aria-hidden />
                  </InputAdornment>
                ),
              },
            }}
          />
          <Chip
            label={t('staff.onlySoldOut')}
            color={stock.isOnlySoldOut ? 'primary' : 'default'}
            variant={stock.isOnlySoldOut ? 'filled' : 'outlined'}
            aria-pressed={stock.isOnlySoldOut}
            onClick={() => stock.setIsOnlySoldOut(!stock.isOnlySoldOut)}
            sx={{ flexShrink: 0 }}
          />
        </Stack>
      </Stack>
      {body()}
    </Paper>
  );
};
