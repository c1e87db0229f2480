import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import type { ReactNode } from 'react';

/**
 * One choice of the payment flow's radio groups (a plan, a saved card) drawn as a card: the whole card is
 * the label, and the chosen one has a thicker border in the primary colour.
 */
export const RadioCard = ({
  value,
  isSelected,
  isStretched = false,
  label,
}: {
  value: string;
  isSelected: boolean;
  /** Shares the row with the other choices equally. */
  isStretched?: boolean;
  label: ReactNode;
}) => (
  <Paper
    variant="outlined"
    sx={{
      flex: isStretched ? 1 : undefined,
      px: 1.5,
      py: 0.5,
      borderColor: isSelected ? 'primary.main' : undefined,
      borderWidth: isSelected ? 2 : 1,
    }}
  >
    <FormControlLabel value={value} control={<Radio />} sx={{ width: '100%', m: 0 }} label={label} />
  </Paper>
);
