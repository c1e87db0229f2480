import type { FullMenu, MenuItem as Item, MenuSection } from '@carta/contract/entities';
import { matchesSearch, searchWords } from '@carta/contract/search-text';
import Add from '@mui/icons-material/Add';
import Check from '@mui/icons-material/Check';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import EditOutlined from '@mui/icons-material/EditOutlined';
import MoreVert from '@mui/icons-material/MoreVert';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Breadcrumbs from '@mui/material/Breadcrumbs';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { useMutationWithToast } from '../../lib/use-mutation-with-toast.ts';
import { useDeleteItem } from './api/delete-item.ts';
import { menuQueryOptions, useMenu } from './api/get-menu.ts';
import { useUpdateItems } from './api/update-items.ts';
import { formatPrice } from './format-price.ts';
import { ITEM_STATE_LOOK, ITEM_STATES, type ItemState, shownItemStates } from './item-states.ts';
import { moved } from './menu-list-screen.tsx';
import { PhotoImage, photoUrl } from './photo-image.ts';

/**
 * A dish's row actions besides editing: its four states switched in place, then deleting. The row itself
 * shows only the states that are on.
 */
const ItemActions = ({
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

/** Searching the whole menu: dishes whose name, description or ingredients contain the words. */
const MenuSearchResults = ({ clubId, menu, query }: { clubId: string; menu: FullMenu; query: string }) => {
  const { t } = useTranslation();
  const words = searchWords(query);
  const matches = menu.sections.flatMap((section) =>
    section.items
      .filter((item) =>
        matchesSearch(words, [item.name, item.description, item.ingredients].filter(Boolean).join(' ')),
      )
      .map((item) => ({ item, section })),
  );
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
            <ListItemText
              primary={item.name}
              secondary={`${section.name} · ${formatPrice(item.price, item.priceText)}`}
            />
          </ListItemButton>
        ))}
      </List>
    </Paper>
  );
};

const ItemsList = ({ clubId, menu, section }: { clubId: string; menu: FullMenu; section: MenuSection }) => {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const update = useUpdateItems(clubId, menu.id, section.id);
  const remove = useDeleteItem(clubId, menu.id, section.id);
  const runUpdate = useMutationWithToast(update);
  const runDelete = useMutationWithToast(remove);
  const [selected, setSelected] = useState<Set<number>>(new Set());
  const [deleting, setDeleting] = useState<Item | null>(null);
  const base = `/clubs/${clubId}/menu/${menu.id}/sections/${section.id}`;
  const key = menuQueryOptions(clubId, String(menu.id)).queryKey;

  /** Shows the change at once; the server's answer then replaces it (or puts it back on failure). */
  const updateItems = (change: (items: Item[]) => Item[]) =>
    queryClient.setQueryData(key, (current) =>
      current
        ? {
            ...current,
            sections: current.sections.map((candidate) =>
              candidate.id === section.id ? { ...candidate, items: change(candidate.items) } : candidate,
            ),
          }
        : current,
    );

  const setMarkers = (ids: number[], marker: ItemState, value: boolean, success?: string) => {
    updateItems((items) =>
      items.map((item) => (ids.includes(item.id) ? { ...item, [marker]: value } : item)),
    );
    return runUpdate({ items: ids.map((id) => ({ id, [marker]: value })) }, success);
  };

  const toggleSelected = (id: number) =>
    setSelected((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  return (
    <>
      {selected.size > 0 && (
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
            <Typography sx={{ flex: 1, fontWeight: 600 }}>
              {t('items.selected', { count: selected.size })}
            </Typography>
            <Button
              variant="contained"
              color="warning"
              onClick={async () => {
                if (
                  await setMarkers(
                    [...selected],
                    'outOfStock',
                    true,
                    t('items.markedOut', { count: selected.size }),
                  )
                )
                  setSelected(new Set());
              }}
            >
              {t('items.markOut')}
            </Button>
            <Button
              variant="outlined"
              onClick={async () => {
                if (
                  await setMarkers(
                    [...selected],
                    'outOfStock',
                    false,
                    t('items.markedBack', { count: selected.size }),
                  )
                )
                  setSelected(new Set());
              }}
            >
              {t('items.markBack')}
            </Button>
            <Button onClick={() => setSelected(new Set())}>{t('items.clearSelection')}</Button>
          </Stack>
        </Paper>
      )}
      {section.items.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
          <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
            {t('items.emptyTitle')}
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 2 }}>
            {t('items.emptyText')}
          </Typography>
          <Button variant="contained" startIcon={<Add />} component={RouterLink} to={`${base}/items/new`}>
            {t('items.add')}
          </Button>
        </Paper>
      ) : (
        <SortableList
          rows={section.items}
          labelOf={(item) => item.name}
          onMove={(item, position) => {
            updateItems((items) => moved(items, item, position));
            void runUpdate({ items: [{ id: item.id, position }] });
          }}
          renderRow={(item, handle) => {
            const states = shownItemStates(item);
            return (
              <Paper variant="outlined" sx={{ p: { xs: 1, sm: 1.5 } }} data-testid="item-row">
                <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                  {handle}
                  <Checkbox
                    checked={selected.has(item.id)}
                    onChange={() => toggleSelected(item.id)}
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
                          to={`${base}/items/${item.id}`}
                          color="text.primary"
                          sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
                        >
                          {item.name}
                        </Link>
                        <Typography sx={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}>
                          {formatPrice(item.price, item.priceText)}
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
                      to={`${base}/items/${item.id}`}
                      aria-label={t('items.editNamed', { name: item.name })}
                    >
                      <EditOutlined />
                    </IconButton>
                  </Tooltip>
                  <ItemActions
                    item={item}
                    onToggle={(state) => void setMarkers([item.id], state, !item[state])}
                    onDelete={() => setDeleting(item)}
                  />
                </Stack>
              </Paper>
            );
          }}
        />
      )}
      <TypedConfirmDialog
        isOpen={deleting !== null}
        title={t('items.deleteTitle', { name: deleting?.name ?? '' })}
        text={t('items.deleteText')}
        isWorking={update.isPending || remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          const failure = await runDelete(deleting.id, t('items.deleted', { name: deleting.name }));
          if (failure === null) setDeleting(null);
        }}
      />
    </>
  );
};

/** /clubs/:clubId/menu/:menuId/sections/:sectionId: a category's items, markers toggled in place. */
export const ItemsScreen = () => {
  const { t } = useTranslation();
  const { clubId = '', menuId = '', sectionId = '' } = useParams();
  const menu = useMenu(clubId, menuId);
  const [query, setQuery] = useState('');
  if (menu.isError) return <QueryError onRetry={() => void menu.refetch()} />;
  if (!menu.data) return <CenteredSpinner isDelayed />;
  const section = menu.data.sections.find((candidate) => String(candidate.id) === sectionId);
  if (!section) return <QueryError onRetry={() => void menu.refetch()} />;
  const base = `/clubs/${clubId}/menu/${menuId}`;
  return (
    <>
      <Breadcrumbs sx={{ mb: 1 }} aria-label={t('items.breadcrumbs')}>
        <Link component={RouterLink} to={`/clubs/${clubId}/menu`} color="inherit">
          {t('screens.menuList')}
        </Link>
        <Link component={RouterLink} to={base} color="inherit">
          {menu.data.name}
        </Link>
        <Typography color="text.primary">{section.name}</Typography>
      </Breadcrumbs>
      <ScreenHeader
        title={section.name}
        subtitle={t('sections.itemCount', { count: section.items.length })}
        action={
          <Button
            variant="contained"
            startIcon={<Add />}
            component={RouterLink}
            to={`${base}/sections/${sectionId}/items/new`}
          >
            {t('items.add')}
          </Button>
        }
      />
      <TextField
        type="search"
        size="small"
        fullWidth
        value={query}
        onChange={(event) => setQuery(event.target.value)}
        placeholder={t('items.search', { menu: menu.data.name })}
        sx={{ mb: 2 }}
        slotProps={{
          htmlInput: { 'aria-label': t('items.search', { menu: menu.data.name }) },
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <SearchOutlined />
              </InputAdornment>
            ),
          },
        }}
      />
      <Box>
        {query.trim() ? (
          <MenuSearchResults clubId={clubId} menu={menu.data} query={query.trim()} />
        ) : (
          <ItemsList clubId={clubId} menu={menu.data} section={section} />
        )}
      </Box>
    </>
  );
};
