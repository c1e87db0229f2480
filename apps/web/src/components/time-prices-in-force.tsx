import { formatPrice } from '@carta/contract/format-price';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useTimePricesInForce } from '../api/get-time-prices-in-force.ts';
import { untilText } from '../lib/time-price-words.ts';

/**
 * The schedules' "who sees what", for prices by time (docs/product.md, Prices by time): the dishes of
 * the menus shown whose price differs on that day at that time, with the price guests pay and until when.
 * Nothing when none does.
 */
export const TimePricesInForce = ({
  clubId,
  day,
  time,
  menuIds,
}: {
  clubId: string;
  day: number;
  time: string;
  menuIds: readonly number[];
}) => {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const inForce = useTimePricesInForce(clubId, day, time);
  const prices = (inForce.data?.prices ?? []).filter((price) => menuIds.includes(price.menuId));
  if (prices.length === 0) return null;
  const priceOf = (price: (typeof prices)[number]) => {
    if (price.price === null) return t('timePrices.percentOff', { percent: price.percentOff ?? 0 });
    const now = formatPrice(price.price, { language });
    return price.usualPrice === null
      ? now
      : t('timePrices.insteadOf', { price: now, usual: formatPrice(price.usualPrice, { language }) });
  };
  return (
    <section aria-labelledby="time-prices-in-force">
      <Typography
        id="time-prices-in-force"
        variant="subtitle2"
        component="h3"
        sx={{ mt: 1, fontWeight: 600 }}
      >
        {t('timePrices.inForceTitle')}
      </Typography>
      <List dense data-testid="time-prices-in-force">
        {prices.map((price) => (
          <ListItem key={price.itemId} divider disableGutters>
            <ListItemText
              primary={`${price.itemName} · ${priceOf(price)}`}
              secondary={`${untilText(price.label, price.until, t, language)} · ${price.sectionName}`}
            />
          </ListItem>
        ))}
      </List>
    </section>
  );
};
