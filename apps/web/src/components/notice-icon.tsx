import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

/** The round icon that heads a notice: static pages, a payment's outcome. */
export const NoticeIcon = ({ children }: { children: ReactNode }) => (
  <Box
    aria-hidden
    sx={{
      width: 64,
      height: 64,
      borderRadius: '50%',
      display: 'grid',
      placeItems: 'center',
      bgcolor: 'rgba(122, 31, 61, 0.08)',
      color: 'primary.main',
      '& svg': { fontSize: 32 },
    }}
  >
    {children}
  </Box>
);
