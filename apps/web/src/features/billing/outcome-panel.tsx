import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';
import { NoticeIcon } from '../../components/notice-icon.tsx';

type OutcomePanelProps = {
  icon: ReactNode;
  title: string;
  text: ReactNode;
  actions?: ReactNode;
  testId?: string;
};

/**
 * How a payment ended (or why there is nothing to pay), inside the payment screen: the screen keeps its
 * own title, so this one is a second-level heading, and it takes the focus when it appears.
 */
export const OutcomePanel = ({ icon, title, text, actions, testId }: OutcomePanelProps) => {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }} data-testid={testId}>
      <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center' }}>
        <NoticeIcon>{icon}</NoticeIcon>
        <Typography ref={heading} tabIndex={-1} variant="h1" component="h2" sx={{ outline: 'none' }}>
          {title}
        </Typography>
        <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
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
    </Paper>
  );
};
