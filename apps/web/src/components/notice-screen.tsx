import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { NoticeIcon } from './notice-icon.tsx';

type NoticeScreenProps = {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  /** Buttons or links, laid out in a row (a column on phones). */
  actions?: ReactNode;
};

/** Icon, title, a sentence and what to do next: static pages and screens not built yet. */
export const NoticeScreen = ({ icon, title, text, actions }: NoticeScreenProps) => {
  useDocumentTitle(title);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: { xs: 2, sm: 3 } }}>
      <NoticeIcon>{icon}</NoticeIcon>
      <Typography variant="h1">{title}</Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 420 }}>
        {text}
      </Typography>
      {actions && (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1.5}
          sx={{ pt: 1, width: { xs: '100%', sm: 'auto' } }}
        >
          {actions}
        </Stack>
      )}
    </Stack>
  );
};
