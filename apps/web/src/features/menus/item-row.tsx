import type { MenuItem as Item } from '@carta/contract/entities';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { itemPriceLabel } from './format-price.ts';
import { ItemActions } from './item-actions.tsx';
import { ITEM_STATE_LOOK, type ItemState, shownItemStates } from './item-states.ts';
import { PhotoImage, photoUrl } from './photo-image.ts';

type ItemRowProps = {
  item: Item;
  /** The drag handle the sortable list gives the row. */
  handle: ReactNode;
  /** The dish's edit screen. */
  editPath: string;
  isSelected: boolean;
  onToggleSelected: () => void;
  onToggleState: (state: ItemState) => void;
  onDelete: () => void;
};

/** One dish in its category's list: picked for a bulk change, its photo, name, price and the states that are on. */
export const ItemRow = ({
  item,
  handle,
  editPath,
  isSelected,
  onToggleSelected,
  onToggleState,
  onDelete,
}: ItemRowProps) => {
  const { t } = useTranslation();
  const states = shownItemStates(item);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 } }} data-testid="item-row">
      <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
        {handle}
        <Checkbox
          checked={isSelected}
          onChange={onToggleSelected}
          slotProps={{ input: { 'aria-label': t('items.select', { name: item.name }) } }}
          size="small"
        />
        {/* The photo keeps its distance from the name: a gap of its own, not the row's. */}
        <Stack direction="row" spacing={1.5} sx={{ flex: 1, minWidth: 0, pl: 0.5 }}>
          {item.photo && (
            <PhotoImage
              src={photoUrl(item.photo, 80)}
              alt=""
              loading="lazy"
              decoding="async"
              width={40}
              height={40}
              data-testid="item-thumbnail"
              sx={{ flexShrink: 0, objectFit: 'cover', borderRadius: 1, mt: 0.5 }}
            />
          )}
          <Stack spacing={0.75} sx={{ flex: 1, minWidth: 0, pt: 0.75 }}>
            {/* A name too long for its line, beside a photo on a phone, sends the price below it. */}
            <Stack
              direction="row"
              useFlexGap
              sx={{
                flexWrap: 'wrap',
                columnGap: 1,
                justifyContent: 'space-between',
                alignItems: 'baseline',
              }}
            >
              <Link
                component={RouterLink}
                to={editPath}
                color="text.primary"
                sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
              >
                {item.name}
              </Link>
              {/* A dish's variants take the price's place, and wrap between them on a narrow row. */}
              <Typography
                data-testid="item-price"
                sx={{
                  whiteSpace: item.variants.length > 0 ? 'normal' : 'nowrap',
                  fontVariantNumeric: 'tabular-nums',
                }}
              >
                {itemPriceLabel(item)}
              </Typography>
            </Stack>
            {states.length > 0 && (
              <Stack
                direction="row"
                component="ul"
                sx={{ flexWrap: 'wrap', gap: 0.75, m: 0, p: 0, listStyle: 'none' }}
                aria-label={t('items.markersOf', { name: item.name })}
                data-testid="item-states"
              >
                {states.map((state) => (
                  <li key={state}>
                    <Chip
                      size="small"
                      variant="outlined"
                      label={t(`items.markers.${state}`)}
                      sx={{
                        fontWeight: 600,
                        color: ITEM_STATE_LOOK[state].color,
                        bgcolor: ITEM_STATE_LOOK[state].background,
                        borderColor: ITEM_STATE_LOOK[state].border,
                      }}
                    />
                  </li>
                ))}
              </Stack>
            )}
          </Stack>
        </Stack>
        <Tooltip title={t('items.edit')}>
          <IconButton
            component={RouterLink}
            to={editPath}
            aria-label={t('items.editNamed', { name: item.name })}
          >
            <EditOutlined />
          </IconButton>
        </Tooltip>
        <ItemActions item={item} onToggle={onToggleState} onDelete={onDelete} />
      </Stack>
    </Paper>
  );
};
