import Typography, { type TypographyProps } from '@mui/material/Typography';

// A serif italic, like the name written on a restaurant's menu card.
const WORDMARK_FONT = '"Iowan Old Style", "Palatino Linotype", Georgia, "DejaVu Serif", serif';

type CartaWordmarkProps = { size?: 'small' | 'large'; component?: TypographyProps['component'] };

export const CartaWordmark = ({ size = 'small', component = 'span' }: CartaWordmarkProps) => (
  <Typography
    component={component}
    sx={{
      fontFamily: WORDMARK_FONT,
      fontWeight: 700,
      fontStyle: 'italic',
      color: 'primary.main',
      fontSize: size === 'large' ? '2.5rem' : '1.5rem',
      lineHeight: 1,
      letterSpacing: '-0.01em',
    }}
  >
    Carta
  </Typography>
);
