import Stack, { type StackProps } from '@mui/material/Stack';
import type { FormEvent, ReactNode } from 'react';

/**
 * A short form whose fields and button sit side by side from the `from` breakpoint up and stack on a
 * narrower screen: the console's plan and brand rows, the sandbox's test clock.
 */
export const RowForm = ({
  onSubmit,
  from,
  sx,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  from: 'sm' | 'md';
  sx?: StackProps['sx'];
  children: ReactNode;
}) => (
  <Stack
    component="form"
    noValidate
    onSubmit={onSubmit}
    direction={{ xs: 'column', [from]: 'row' }}
    spacing={1.5}
    sx={sx}
  >
    {children}
  </Stack>
);
