import type { Theme } from '@mui/material/styles';

// The invoices' and credit notes' tables: MUI's own table from a tablet up; on a phone each row folds into
// a small grid of its own (number and total on top, the rest under them, the file buttons at the side).

/** A row on a phone: `areas` names the grid's cells (CSS grid-template-areas). */
export const phoneRow = (areas: string) => (theme: Theme) => ({
  [theme.breakpoints.down('sm')]: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 1fr) auto auto',
    gridTemplateAreas: areas,
    alignItems: 'center',
    py: 1,
    borderBottom: `1px solid ${theme.palette.divider}`,
  },
});

/** A cell on a phone, placed in its area; `isSecondary` cells are in the secondary text colour. */
export const phoneCell =
  (area: string, isSecondary = false) =>
  (theme: Theme) => ({
    [theme.breakpoints.down('sm')]: {
      display: 'block',
      gridArea: area,
      borderBottom: 'none',
      px: 0.5,
      py: 0.25,
      ...(isSecondary ? { color: 'text.secondary' } : {}),
    },
  });

export const phoneHidden = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: { display: 'none' } });
export const phoneBlock = (theme: Theme) => ({ [theme.breakpoints.down('sm')]: { display: 'block' } });
