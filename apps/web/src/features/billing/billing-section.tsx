import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type BillingSectionProps = {
  title: string;
  text?: ReactNode;
  /** Beside the title on wide screens, under it on phones. */
  action?: ReactNode;
  children: ReactNode;
  testId?: string;
};

/** One part of a billing screen: a titled, outlined panel. */
export const BillingSection = ({ title, text, action, children, testId }: BillingSectionProps) => (
  <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }} data-testid={testId}>
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={1.5}
      sx={{ mb: 2, alignItems: { xs: 'stretch', sm: 'flex-start' }, justifyContent: 'space-between' }}
    >
      <Stack spacing={0.5} sx={{ minWidth: 0 }}>
        <Typography variant="h3" component="h2">
          {title}
        </Typography>
        {text && (
          <Typography color="text.secondary" variant="body2">
            {text}
          </Typography>
        )}
      </Stack>
      {action}
    </Stack>
    {children}
  </Paper>
);
