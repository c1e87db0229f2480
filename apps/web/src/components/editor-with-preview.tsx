import Grid from '@mui/material/Grid';
import Paper from '@mui/material/Paper';
import type { ReactNode } from 'react';

/**
 * An editor beside its live preview (a banner, a theme): the form in a card on seven of twelve columns,
 * the preview on the rest; on a phone the preview comes under the form.
 */
export const EditorWithPreview = ({ editor, preview }: { editor: ReactNode; preview: ReactNode }) => (
  <Grid container spacing={3}>
    <Grid size={{ xs: 12, md: 7 }}>
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        {editor}
      </Paper>
    </Grid>
    <Grid size={{ xs: 12, md: 5 }}>{preview}</Grid>
  </Grid>
);
