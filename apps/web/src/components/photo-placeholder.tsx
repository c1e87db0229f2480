import AddPhotoAlternateOutlined from '@mui/icons-material/AddPhotoAlternateOutlined';
import Box from '@mui/material/Box';

/** Where a photo goes before there is one: a dashed frame with the add-photo icon, for the eye only. */
export const PhotoPlaceholder = ({ width, height }: { width: number; height: number }) => (
  <Box
    aria-hidden
    sx={{
      width,
      height,
      flexShrink: 0,
      display: 'grid',
      placeItems: 'center',
      borderRadius: 2,
      border: 1,
      borderStyle: 'dashed',
      borderColor: 'divider',
      color: 'text.secondary',
      bgcolor: 'action.hover',
    }}
  >
    <AddPhotoAlternateOutlined fontSize="large" />
  </Box>
);
