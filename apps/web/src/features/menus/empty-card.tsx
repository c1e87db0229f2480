import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

/** What a list with nothing in it shows instead: a title, a line of help, and a way to add the first. */
export const EmptyCard = ({ title, text, action }: { title: string; text: string; action?: ReactNode }) => (
  <Paper variant="outlined" sx={{ p: 4, textAlign: 'center' }}>
    <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
      {title}
    </Typography>
    <Typography color="text.secondary" sx={action ? { mb: 2 } : undefined}>
      {text}
    </Typography>
    {action}
  </Paper>
);
