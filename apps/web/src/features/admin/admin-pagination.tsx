import TablePagination from '@mui/material/TablePagination';
import { useTranslation } from 'react-i18next';

/**
 * The pages of a console list, counted from 1 as the API counts them; the page size is the reader's to
 * choose only where `onPageSize` is given.
 */
export const AdminPagination = ({
  count,
  page,
  pageSize,
  onPage,
  onPageSize,
}: {
  count: number;
  page: number;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize?: (pageSize: number) => void;
}) => {
  const { t } = useTranslation();
  return (
    <TablePagination
      component="div"
      count={count}
      page={page - 1}
      rowsPerPage={pageSize}
      rowsPerPageOptions={onPageSize ? [10, 20, 50] : [pageSize]}
      onPageChange={(_, next) => onPage(next + 1)}
      {...(onPageSize && {
        onRowsPerPageChange: (event: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
          onPageSize(Number(event.target.value)),
        labelRowsPerPage: t('admin.pagination.rowsPerPage'),
      })}
      labelDisplayedRows={({ from, to, count: total }) =>
        t('admin.pagination.of', { from, to, count: total })
      }
    />
  );
};
