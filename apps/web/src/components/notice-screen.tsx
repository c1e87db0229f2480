import Box from '@mui/material/Box';
import { useDocumentTitle } from '../lib/use-document-title.ts';
import { Notice, type NoticeProps } from './notice.tsx';

type NoticeScreenProps = Omit<NoticeProps, 'isSection'>;

/** A notice as a whole page (not found, session expired, update...): its title is the document's too. */
export const NoticeScreen = (props: NoticeScreenProps) => {
  useDocumentTitle(props.title);
  return (
    <Box sx={{ py: { xs: 2, sm: 3 } }}>
      <Notice {...props} />
    </Box>
  );
};
