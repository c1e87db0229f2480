import Box from '@mui/material/Box';
import type { ReactNode } from 'react';

type PhoneFrameProps = {
  /** What the preview shows, for assistive technology (the frame is one image to them). */
  label: string;
  testId?: string;
  /** The guest page's look: background colour or image, text colour, font. */
  look: { background: string; backgroundImage?: string | null; text: string; fontFamily: string };
  children: ReactNode;
};

/** A guest's phone drawn around a preview of the guest page (the theme editor's, the banner's). */
export const PhoneFrame = ({ label, testId, look, children }: PhoneFrameProps) => (
  <Box
    role="img"
    aria-label={label}
    data-testid={testId}
    sx={{
      width: 300,
      maxWidth: '100%',
      mx: 'auto',
      border: '10px solid #1d1a1c',
      borderRadius: '28px',
      overflow: 'hidden',
      boxShadow: 3,
      bgcolor: look.background,
      backgroundImage: look.backgroundImage ? `url(${look.backgroundImage})` : 'none',
      backgroundSize: 'cover',
      color: look.text,
      fontFamily: look.fontFamily,
    }}
  >
    {children}
  </Box>
);
