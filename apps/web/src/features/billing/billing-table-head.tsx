import Box from '@mui/material/Box';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { visuallyHidden } from '../../components/visually-hidden.ts';
import { phoneHidden } from './billing-table.ts';

/**
 * The head of the invoices' and credit notes' tables: number, date, a third column of their own, the total
 * on the right, and the files column named for screen readers only. Hidden on a phone, where rows fold.
 */
export const BillingTableHead = ({
  labels,
}: {
  labels: { number: string; date: string; third: string; total: string; files: string };
}) => (
  <TableHead sx={phoneHidden}>
    <TableRow>
      <TableCell>{labels.number}</TableCell>
      <TableCell>{labels.date}</TableCell>
      <TableCell>{labels.third}</TableCell>
      <TableCell align="right">{labels.total}</TableCell>
      <TableCell align="right">
        <Box component="span" sx={visuallyHidden}>
          {labels.files}
        </Box>
      </TableCell>
    </TableRow>
  </TableHead>
);
