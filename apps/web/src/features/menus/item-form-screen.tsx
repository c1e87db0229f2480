import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useMenu } from './api/get-menu.ts';
import { ItemForm } from './item-form.tsx';

/** .../sections/:sectionId/items/new and .../items/:itemId: one screen for a new item and for changing one. */
export const ItemFormScreen = () => {
  const { t } = useTranslation();
  const { clubId = '', menuId = '', sectionId = '', itemId } = useParams();
  const menu = useMenu(clubId, menuId);
  if (menu.isError) return <QueryError onRetry={() => void menu.refetch()} />;
  if (!menu.data) return <CenteredSpinner isDelayed />;
  const section = menu.data.sections.find((candidate) => String(candidate.id) === sectionId);
  const item = section?.items.find((candidate) => String(candidate.id) === itemId);
  if (!section || (itemId && !item)) return <QueryError onRetry={() => void menu.refetch()} />;
  return (
    <>
      <ScreenHeader
        title={item ? item.name : t('screens.itemNew')}
        subtitle={`${menu.data.name} · ${section.name}`}
      />
      <ItemForm key={item?.id ?? 'new'} clubId={clubId} menu={menu.data} sectionId={sectionId} item={item} />
    </>
  );
};
