import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

type ItemsBulkBarProps = {
  count: number;
  onOutOfStock: (isOut: boolean) => void;
  onClear: () => void;
};

/** The bar over a category's list while dishes are picked: sold out or back in stock, all at once. */
export const ItemsBulkBar = ({ count, onOutOfStock, onClear }: ItemsBulkBarProps) => {
  const { t } = useTranslation();
  return (
    <Paper
      variant="outlined"
      sx={{
        p: 1.5,
        mb: 1.5,
        position: 'sticky',
        top: { xs: 64, sm: 72 },
        zIndex: 3,
        bgcolor: 'background.paper',
      }}
      role="region"
      aria-label={t('items.bulkLabel')}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ alignItems: { sm: 'center' } }}>
        <Typography sx={{ flex: 1, fontWeight: 600 }}>{t('items.selected', { count })}</Typography>
        <Button variant="contained" color="warning" onClick={() => onOutOfStock(true)}>
          {t('items.markOut')}
        </Button>
        <Button variant="outlined" onClick={() => onOutOfStock(false)}>
          {t('items.markBack')}
        </Button>
        <Button onClick={onClear}>{t('items.clearSelection')}</Button>
      </Stack>
    </Paper>
  );
};
