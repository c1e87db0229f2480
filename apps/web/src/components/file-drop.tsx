import UploadFileOutlined from '@mui/icons-material/UploadFileOutlined';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type DragEvent, useId, useRef, useState } from 'react';
import { fileSizeLabel } from '../lib/file-size.ts';
import { FileInput } from './file-input.tsx';

type FileDropProps = {
  file: File | null;
  isBusy: boolean;
  onChoose: (file: File) => void;
  /** The input's `accept`: extensions and content types. */
  accept: string;
  /** What the zone says until a file is chosen. */
  prompt: string;
  /** The button's name once a file is chosen: what it is and that choosing again changes it. */
  changeLabel: (fileName: string) => string;
  /** The line under the zone: which files it takes, or what happens while busy. */
  hint: string;
  testIds?: { zone: string; input: string };
};

/** A file picker: drop a file on it, or open the file chooser with a click, Enter or Space. */
export const FileDrop = ({
  file,
  isBusy,
  onChoose,
  accept,
  prompt,
  changeLabel,
  hint,
  testIds,
}: FileDropProps) => {
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isDragging, setDragging] = useState(false);
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const dropped = event.dataTransfer.files[0];
    if (dropped) onChoose(dropped);
  };
  return (
    <>
      {/* The whole zone takes a dropped file or a click; its button, the icon and the line naming what to
          do, is what the keyboard reaches and speech input calls by the words it shows (WCAG 2.5.3). */}
      <Box
        onClick={() => input.current?.click()}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={drop}
        sx={{
          border: 2,
          borderStyle: 'dashed',
          borderColor: isDragging ? 'primary.main' : 'divider',
          bgcolor: isDragging ? 'action.hover' : 'transparent',
          borderRadius: 2,
          p: { xs: 2, sm: 3 },
          textAlign: 'center',
          cursor: 'pointer',
          '&:hover': { borderColor: 'primary.main' },
          '&:has(:focus-visible)': { outline: 3, outlineColor: 'primary.main', outlineOffset: 2 },
        }}
      >
        <Stack spacing={1} sx={{ alignItems: 'center' }}>
          <Stack
            role="button"
            tabIndex={0}
            aria-describedby={hintId}
            // Chosen, the file's name shows: the button says what it is and that it changes it.
            aria-label={file ? changeLabel(file.name) : undefined}
            aria-busy={isBusy}
            data-testid={testIds?.zone}
            onKeyDown={(event) => {
              if (event.key === 'Enter' || event.key === ' ') {
                event.preventDefault();
                input.current?.click();
              }
            }}
            spacing={1}
            sx={{ alignItems: 'center', outline: 'none' }}
          >
            {isBusy ? (
              <CircularProgress size={32} aria-hidden />
            ) : (
              <UploadFileOutlined color="primary" sx={{ fontSize: 36 }} />
            )}
            {file ? (
              <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                {file.name}{' '}
                <Typography component="span" color="text.secondary">
                  ({fileSizeLabel(file.size)})
                </Typography>
              </Typography>
            ) : (
              <Typography sx={{ fontWeight: 600 }}>{prompt}</Typography>
            )}
          </Stack>
          <Typography variant="body2" color="text.secondary" id={hintId}>
            {hint}
          </Typography>
        </Stack>
      </Box>
      <FileInput ref={input} accept={accept} onFile={onChoose} data-testid={testIds?.input} />
    </>
  );
};
