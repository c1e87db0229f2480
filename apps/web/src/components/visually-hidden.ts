/**
 * Styles for text that screen readers read and sighted users do not see (a column's name, a counter's
 * announcement). In pixels: a bare 1 would be MUI's 100%.
 */
export const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  padding: 0,
  border: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;
