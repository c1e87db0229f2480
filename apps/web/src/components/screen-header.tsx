import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';

type ScreenHeaderProps = { title: string; subtitle?: ReactNode; action?: ReactNode; avatar?: ReactNode };

/** The top of a screen inside the club frame: its title (also the tab's), a line under it, one action. */
export const ScreenHeader = ({ title, subtitle, action, avatar }: ScreenHeaderProps) => {
  useDocumentTitle(title);
  return (
    <Stack
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ mb: { xs: 3, md: 4 }, alignItems: { xs: 'flex-start', sm: 'center' } }}
    >
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', flex: 1, minWidth: 0 }}>
        {avatar}
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <Typography variant="h1">{title}</Typography>
          {subtitle && <Typography color="text.secondary">{subtitle}</Typography>}
        </Stack>
      </Stack>
      {action}
    </Stack>
  );
};
