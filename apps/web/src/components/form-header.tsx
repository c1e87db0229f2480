import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

type FormHeaderProps = {
  title: string;
  subtitle: ReactNode;
  /** Shown under the title, above the error (the sign-up stepper). */
  children?: ReactNode;
  /** A failure that belongs to no single field. */
  error?: string | null;
};

/** The top of every form screen: its title, one line on what it is for, and a form-wide error. */
export const FormHeader = ({ title, subtitle, children, error }: FormHeaderProps) => (
  <>
    <Stack spacing={0.5}>
      <Typography variant="h1">{title}</Typography>
      <Typography color="text.secondary">{subtitle}</Typography>
    </Stack>
    {children}
    {error && (
      <Alert severity="error" variant="outlined">
        {error}
      </Alert>
    )}
  </>
);
