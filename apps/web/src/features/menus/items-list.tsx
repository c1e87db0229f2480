import type { FullMenu, MenuSection } from '@carta/contract/entities';
import Add from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SortableList } from '../../components/sortable-list.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { EmptyCard } from './empty-card.tsx';
import { ItemRow } from './item-row.tsx';
import { ItemsBulkBar } from './items-bulk-bar.tsx';
import { useItemsList } from './use-items-list.ts';

/** A category's dishes in their order, each switched in place, several at once from the bulk bar. */
export const ItemsList = ({
  clubId,
  menu,
  section,
}: {
  clubId: string;
  menu: FullMenu;
  section: MenuSection;
}) => {
  const { t } = useTranslation();
  const list = useItemsList(clubId, menu, section);
  const base = `/clubs/${clubId}/menu/${menu.id}/sections/${section.id}`;
  return (
    <>
      {list.selected.size > 0 && (
        <ItemsBulkBar
          count={list.selected.size}
          onOutOfStock={(isOut) => void list.setSelectedOutOfStock(isOut)}
          onClear={list.clearSelection}
        />
      )}
      {section.items.length === 0 ? (
        <EmptyCard
          title={t('items.emptyTitle')}
          text={t('items.emptyText')}
          action={
            <Button variant="contained" startIcon={<Add />} component={RouterLink} to={`${base}/items/new`}>
              {t('items.add')}
            </Button>
          }
        />
      ) : (
        <SortableList
          rows={section.items}
          labelOf={(item) => item.name}
          onMove={list.move}
          renderRow={(item, handle) => (
            <ItemRow
              item={item}
              handle={handle}
              editPath={`${base}/items/${item.id}`}
              isSelected={list.selected.has(item.id)}
              onToggleSelected={() => list.toggleSelected(item.id)}
              onToggleState={(state) => list.toggleState(item, state)}
              onDelete={() => list.setDeleting(item)}
            />
          )}
        />
      )}
      <TypedConfirmDialog
        isOpen={list.deleting !== null}
        title={t('items.deleteTitle', { name: list.deleting?.name ?? '' })}
        text={t('items.deleteText')}
        isWorking={list.isWorking}
        onClose={() => list.setDeleting(null)}
        onConfirm={list.confirmDelete}
      />
    </>
  );
};
