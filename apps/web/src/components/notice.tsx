import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';

export type NoticeProps = {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  /** Buttons or links, laid out in a row (a column on phones). */
  actions?: ReactNode;
  /**
   * A notice inside a screen that keeps its own title (a payment's outcome): its heading is an h2 and
   * takes the focus when it appears. Otherwise the notice is the page and its heading the h1.
   */
  isSection?: boolean;
};

/** Icon, title, a sentence and what to do next: static pages, and outcomes shown inside a screen. */
export const Notice = ({ icon, title, text, actions, isSection = false }: NoticeProps) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    if (isSection) heading.current?.focus();
  }, [isSection]);
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
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
        {icon}
      </Box>
      <Typography
        ref={heading}
        variant="h1"
        component={isSection ? 'h2' : 'h1'}
        {...(isSection ? { tabIndex: -1, sx: { outline: 'none' } } : {})}
      >
        {title}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: isSection ? 460 : 420 }}>
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
