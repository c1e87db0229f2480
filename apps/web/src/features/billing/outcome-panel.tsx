import Paper from '@mui/material/Paper';
import { Notice, type NoticeProps } from '../../components/notice.tsx';

type OutcomePanelProps = Omit<NoticeProps, 'isSection'> & { testId?: string };

/**
 * How a payment ended (or why there is nothing to pay), inside the payment screen: the screen keeps its
 * own title, so this one is a second-level heading, and it takes the focus when it appears.
 */
export const OutcomePanel = ({ testId, ...notice }: OutcomePanelProps) => (
  <Paper variant="outlined" sx={{ p: { xs: 3, sm: 5 } }} data-testid={testId}>
    <Notice {...notice} isSection />
  </Paper>
);
