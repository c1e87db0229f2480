import type { FullMenu } from '@carta/contract/entities';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { itemPriceLabel } from './format-price.ts';
import { menuSearchMatches } from './menu-search.ts';

/** Searching the whole menu: dishes whose name, description, ingredients or variants contain the words. */
export const MenuSearchResults = ({
  clubId,
  menu,
  query,
}: {
  clubId: string;
  menu: FullMenu;
  query: string;
}) => {
  const { t } = useTranslation();
  const matches = menuSearchMatches(menu, query);
  if (matches.length === 0)
    return <Typography color="text.secondary">{t('items.noResults', { query })}</Typography>;
  return (
    <Paper variant="outlined">
      <List disablePadding aria-label={t('items.results')}>
        {matches.map(({ item, section }) => (
          <ListItemButton
            key={item.id}
            component={RouterLink}
            to={`/clubs/${clubId}/menu/${menu.id}/sections/${section.id}/items/${item.id}`}
            divider
          >
            <ListItemText primary={item.name} secondary={`${section.name} · ${itemPriceLabel(item)}`} />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
};
