import type { Ref } from 'react';

type FileInputProps = {
  /** The picker button clicks it through this; none when the input sits inside its own label. */
  ref?: Ref<HTMLInputElement>;
  accept: string;
  onFile: (file: File) => void;
  'data-testid'?: string;
  'aria-label'?: string;
};

/**
 * The hidden file input behind a picker button or drop zone: it hands over the first file chosen, then
 * forgets it, so the same file chosen again (fixed and saved under its name) still counts as a choice.
 */
export const FileInput = ({ ref, accept, onFile, ...labels }: FileInputProps) => (
  <input
    ref={ref}
    type="file"
    accept={accept}
    hidden
    {...labels}
    onChange={(event) => {
      const chosen = event.target.files?.[0];
      if (chosen) onFile(chosen);
      event.target.value = '';
    }}
  />
);
