import Add from '@mui/icons-material/Add';
import SearchOutlined from '@mui/icons-material/SearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { CenteredSpinner } from '../../components/centered-spinner.tsx';
import { QueryError } from '../../components/query-error.tsx';
import { ScreenHeader } from '../../components/screen-header.tsx';
import { useMenu } from './api/get-menu.ts';
import { ItemsList } from './items-list.tsx';
import { MenuBreadcrumbs } from './menu-breadcrumbs.tsx';
import { MenuSearchResults } from './menu-search-results.tsx';

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
      <MenuBreadcrumbs clubId={clubId} menu={{ id: menuId, name: menu.data.name }} current={section.name} />
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
