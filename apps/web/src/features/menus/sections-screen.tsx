import type { FullMenu } from '@carta/contract/entities';
import Add from '@mui/icons-material/Add';
import EditOutlined from '@mui/icons-material/EditOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import TranslateOutlined from '@mui/icons-material/TranslateOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { SortableList } from '../../components/sortable-list.tsx';
import { TypedConfirmDialog } from '../../components/typed-confirm-dialog.tsx';
import { useMenu } from './api/get-menu.ts';
import { EmptyCard } from './empty-card.tsx';
import { MenuBreadcrumbs } from './menu-breadcrumbs.tsx';
import { SectionDialog } from './section-dialog.tsx';
import { SectionRow } from './section-row.tsx';
import { useSectionsList } from './use-sections-list.ts';

const SectionsList = ({ clubId, menu }: { clubId: string; menu: FullMenu }) => {
  const { t } = useTranslation();
  const list = useSectionsList(clubId, menu);
  // The menu's other screens, beside the button that adds a category.
  const menuLinks = [
    { path: 'edit', icon: <EditOutlined />, label: t('sections.editMenu') },
    { path: 'translations', icon: <TranslateOutlined />, label: t('sections.translations') },
    { path: 'schedulings', icon: <ScheduleOutlined />, label: t('sections.schedules') },
  ];
  return (
    <>
      <Stack direction="row" spacing={1} sx={{ mb: 2, flexWrap: 'wrap', rowGap: 1 }}>
        <Button variant="contained" startIcon={<Add />} onClick={() => list.setDialog({ section: null })}>
          {t('sections.add')}
        </Button>
        {menuLinks.map((link) => (
          <Button
            key={link.path}
            startIcon={link.icon}
            component={RouterLink}
            to={`/clubs/${clubId}/menu/${menu.id}/${link.path}`}
          >
            {link.label}
          </Button>
        ))}
      </Stack>
      {menu.sections.length === 0 ? (
        <EmptyCard title={t('sections.emptyTitle')} text={t('sections.emptyText')} />
      ) : (
        <SortableList
          rows={menu.sections}
          labelOf={(section) => section.name}
          onMove={list.move}
          renderRow={(section, handle) => (
            <SectionRow
              section={section}
              handle={handle}
              itemsPath={`/clubs/${clubId}/menu/${menu.id}/sections/${section.id}`}
              onVisibleChange={(isVisible) => list.setVisible(section, isVisible)}
              onRename={() => list.setDialog({ section })}
              onDelete={() => list.setDeleting(section)}
            />
          )}
        />
      )}
      <SectionDialog
        state={list.dialog}
        languages={menu.translations}
        isSaving={list.isWriting}
        onSave={list.save}
        onClose={() => list.setDialog(null)}
      />
      <TypedConfirmDialog
        isOpen={list.deleting !== null}
        title={t('sections.deleteTitle', { name: list.deleting?.name ?? '' })}
        text={t('sections.deleteText', { count: list.deleting?.items.length ?? 0 })}
        isWorking={list.isWriting}
        onClose={() => list.setDeleting(null)}
        onConfirm={list.confirmDelete}
      />
    </>
  );
};

/** /clubs/:clubId/menu/:menuId: a menu's categories. */
export const SectionsScreen = () => {
  const { t } = useTranslation();
  const { clubId = '', menuId = '' } = useParams();
  const menu = useMenu(clubId, menuId);
  if (menu.isError) return <QueryError onRetry={() => void menu.refetch()} />;
  if (!menu.data) return <CenteredSpinner isDelayed />;
  return (
    <>
      <MenuBreadcrumbs clubId={clubId} current={menu.data.name} />
      <ScreenHeader title={menu.data.name} subtitle={menu.data.adminDisplayName ?? t('screens.sections')} />
      <SectionsList clubId={clubId} menu={menu.data} />
    </>
  );
};
