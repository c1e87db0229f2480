import type { MenuItem as Item } from '@carta/contract/entities';
import Check from '@mui/icons-material/Check';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import MoreVert from '@mui/icons-material/MoreVert';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ITEM_STATES, type ItemState } from './item-states.ts';

/**
 * A dish's row actions besides editing: its four states switched in place, then deleting. The row itself
 * shows only the states that are on.
 */
export const ItemActions = ({
  item,
  onToggle,
  onDelete,
}: {
  item: Item;
  onToggle: (state: ItemState) => void;
  onDelete: () => void;
}) => {
  const { t } = useTranslation();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={t('items.more')}>
        <IconButton
          aria-label={t('items.moreNamed', { name: item.name })}
          aria-haspopup="menu"
          aria-expanded={anchor !== null}
          onClick={(event) => setAnchor(event.currentTarget)}
        >
          <MoreVert />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={close}>
        {ITEM_STATES.map((state) => (
          <MenuItem
            key={state}
            role="menuitemcheckbox"
            aria-checked={item[state]}
            onClick={() => {
              close();
              onToggle(state);
            }}
          >
            <ListItemIcon>{item[state] ? <Check fontSize="small" /> : null}</ListItemIcon>
            {t(`items.markers.${state}`)}
          </MenuItem>
        ))}
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            onDelete();
          }}
          sx={{ color: 'error.main' }}
        >
          <ListItemIcon sx={{ color: 'inherit' }}>
            <DeleteOutline fontSize="small" />
          </ListItemIcon>
          {t('common.delete')}
        </MenuItem>
      </Menu>
    </>
  );
};
