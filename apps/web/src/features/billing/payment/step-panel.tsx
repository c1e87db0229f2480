import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef } from 'react';

/** One step of the payment flow: a titled panel whose title takes the focus when the step is new. */
export const StepPanel = ({
  title,
  takesFocus,
  children,
}: {
  title: string;
  takesFocus: boolean;
  children: ReactNode;
}) => {
  const heading = useRef<HTMLHeadingElement>(null);
  // A new step takes the focus, so keyboard and screen reader users start where the step starts.
  useEffect(() => {
    if (takesFocus) heading.current?.focus();
  }, [takesFocus]);
  return (
    <Paper variant="outlined" component="section" sx={{ p: { xs: 2, sm: 3 } }}>
      <Typography ref={heading} tabIndex={-1} variant="h2" sx={{ mb: 2, outline: 'none' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
};

/** A step's buttons: the main one last (right on wide screens, on top on phones). */
export const StepButtons = ({ children }: { children: ReactNode }) => (
  <Stack
    direction={{ xs: 'column-reverse', sm: 'row' }}
    spacing={1.5}
    sx={{ justifyContent: 'flex-end', mt: 3 }}
  >
    {children}
  </Stack>
);
