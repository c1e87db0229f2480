import { type AdminAuthenticatorReset, REFUSAL_NOTE_MAX } from '@carta/contract/authenticator';
import { formatPhone } from '@carta/contract/phone-numbers';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Skeleton from '@mui/material/Skeleton';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { QueryError } from '../../components/query-error.tsx';
import { ApiError, errorMessage } from '../../lib/api-error.ts';
import { dateFormat } from '../../lib/date-formats.ts';
import { useSnackbar } from '../../lib/snackbar.ts';
import {
  type AuthenticatorResetDecisionInput,
  useAuthenticatorResets,
  useDecideAuthenticatorReset,
} from './api/authenticator-resets.ts';
import { type Confirmation, ConfirmDialog } from './confirm-dialog.tsx';

type Pending = { confirmation: Confirmation; decision: AuthenticatorResetDecisionInput; name: string };

/**
 * Lost authenticators whose request the account's email has confirmed (0072): support checks them as
 * docs/support-authenticator-reset.md says, then approves or refuses; both are audited and emailed.
 */
export const AuthenticatorResetsTab = () => {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const resets = useAuthenticatorResets();
  const decide = useDecideAuthenticatorReset();
  const [pending, setPending] = useState<Pending | null>(null);
  const format = dateFormat({ dateStyle: 'medium', timeStyle: 'short' });
  const day = dateFormat({ dateStyle: 'medium' });

  if (resets.isError) return <QueryError onRetry={() => void resets.refetch()} />;
  if (resets.isPending) return <Skeleton variant="rounded" height={240} />;
  const { requests } = resets.data;

  const ask = (request: AdminAuthenticatorReset, decision: AuthenticatorResetDecisionInput['decision']) => {
    const name = `${request.account.name} ${request.account.lastName}`;
    const values = { name, phone: formatPhone(request.account.phone), email: request.account.email };
    setPending({
      name,
      decision: { resetId: request.id, decision },
      confirmation:
        decision === 'approve'
          ? {
              title: t('admin.authenticatorResets.approveTitle', values),
              text: t('admin.authenticatorResets.approveText', values),
              confirmLabel: t('admin.authenticatorResets.approve'),
              isDestructive: true,
            }
          : {
              title: t('admin.authenticatorResets.refuseTitle', values),
              text: t('admin.authenticatorResets.refuseText', values),
              confirmLabel: t('admin.authenticatorResets.refuse'),
              note: {
                label: t('admin.authenticatorResets.refusalNote'),
                help: t('admin.authenticatorResets.refusalNoteHelp'),
                max: REFUSAL_NOTE_MAX,
              },
            },
    });
  };

  // Not useMutationWithToast: a request another admin decided meanwhile has words of its own.
  const run = async ({ decision, name }: Pending, note: string) => {
    try {
      await decide.mutateAsync({ ...decision, note });
      enqueueSnackbar(
        t(
          decision.decision === 'approve'
            ? 'admin.authenticatorResets.approved'
            : 'admin.authenticatorResets.refused',
          { name },
        ),
        { variant: 'success' },
      );
    } catch (error) {
      const message =
        error instanceof ApiError && error.code === 'CONFLICT'
          ? t('admin.authenticatorResets.alreadyDecided')
          : errorMessage(error, t('errors.GENERIC_TRY_LATER'));
      enqueueSnackbar(message, { variant: 'error' });
    }
  };

  return (
    <Stack spacing={2}>
      <Alert severity="info" variant="outlined">
        {t('admin.authenticatorResets.intro')}
      </Alert>
      {requests.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 3, textAlign: 'center' }}>
          {t('admin.authenticatorResets.none')}
        </Typography>
      )}
      {requests.map((request) => {
        const isDeciding = decide.isPending && decide.variables?.resetId === request.id;
        return (
          <Paper
            key={request.id}
            variant="outlined"
            sx={{ p: 2 }}
            data-testid="authenticator-reset"
            component="section"
            aria-label={`${request.account.name} ${request.account.lastName}`}
          >
            <Stack spacing={1.5}>
              <div>
                <Typography variant="h3" component="h2">
                  {request.account.name} {request.account.lastName}
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {[
                    t('admin.authenticatorResets.requested', {
                      date: format.format(new Date(request.requestedAt)),
                    }),
                    request.emailConfirmedAt
                      ? t('admin.authenticatorResets.emailConfirmed', {
                          date: format.format(new Date(request.emailConfirmedAt)),
                        })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                </Typography>
              </div>
              <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
                {formatPhone(request.account.phone)} · {request.account.email}
                <br />
                {t('admin.authenticatorResets.accountSince', {
                  id: request.account.id,
                  date: day.format(new Date(request.account.createdAt)),
                })}
              </Typography>
              <Typography variant="body2">
                <strong>{t('admin.authenticatorResets.clubs')}:</strong>{' '}
                {request.clubs.length > 0 ? request.clubs.join(', ') : t('admin.authenticatorResets.noClubs')}
              </Typography>
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
                <strong>{t('admin.authenticatorResets.message')}:</strong>{' '}
                {request.message ?? (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {t('admin.authenticatorResets.noMessage')}
                  </Typography>
                )}
              </Typography>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={() => ask(request, 'refuse')} disabled={isDeciding}>
                  {t('admin.authenticatorResets.refuse')}
                </Button>
                <Button
                  variant="contained"
                  color="error"
                  onClick={() => ask(request, 'approve')}
                  loading={isDeciding}
                >
                  {t('admin.authenticatorResets.approve')}
                </Button>
              </Stack>
            </Stack>
          </Paper>
        );
      })}
      <ConfirmDialog
        confirmation={pending?.confirmation ?? null}
        onClose={() => setPending(null)}
        onConfirm={(note) => {
          if (pending) void run(pending, note);
        }}
      />
    </Stack>
  );
};
