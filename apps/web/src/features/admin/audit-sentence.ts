import type { AuditEntry } from '@carta/contract/admin';
import { formatCents } from '@carta/contract/payments';
import type { TFunction } from 'i18next';

const text = (value: unknown) =>
  typeof value === 'string' && value.trim() ? value.trim().slice(0, 120) : null;

/** Every action the console writes (0067): anything else reads as "made a change", never as its key. */
const KNOWN = new Set([
  'club.activate',
  'club.disable',
  'club.freeForever',
  'club.message',
  'club.messageCleared',
  'club.sponsorship',
  'club.refund',
  'brand.create',
  'brand.update',
  'plan.create',
  'plan.update',
  'eInvoice.resend',
  'authenticator_reset.requested',
  'authenticator_reset.approved',
  'authenticator_reset.refused',
  'authenticator_reset.completed',
  'club.ownership_transferred',
  'member.invited',
  'member.invitation_withdrawn',
  'member.invitation_declined',
  'member.joined',
  'member.role_changed',
  'member.removed',
  'member.left',
  'menu.copy',
]);

/** What the line is about, by name: today's name, else the one the details kept, else its number. */
const subject = (t: TFunction, entry: AuditEntry) => {
  const { details } = entry;
  if (entry.targetType === 'paymentPlan') {
    const [country, months] = (entry.targetName ?? '').split(':');
    const wanted = {
      country: text(details.isoCountryCode) ?? country,
      months: Number(details.months ?? months),
    };
    if (wanted.country && wanted.months)
      return t('admin.audit.planName', { country: wanted.country, count: wanted.months });
  }
  return (
    entry.targetName ??
    text(details.club) ??
    text(details.name) ??
    t('admin.audit.numbered', { id: entry.targetId ?? '?' })
  );
};

/** An amount the details kept in cents with its currency, written in the reader's language. */
const amountOf = (details: AuditEntry['details'], language: string) =>
  typeof details.amountCents === 'number' && typeof details.currency === 'string'
    ? formatCents(details.amountCents, {
        language: language === 'en' ? 'en' : 'it',
        currency: details.currency,
      })
    : (text(details.amount) ?? '');

/** The line's sentence, in the reader's language: "Ha creato il marchio Birra Orobica". */
export const auditSentence = (t: TFunction, entry: AuditEntry, language = 'it') => {
  if (!KNOWN.has(entry.action)) return t('admin.audit.actions.unknown');
  const { details } = entry;
  const name = subject(t, entry);
  if (entry.action === 'club.freeForever')
    return t(`admin.audit.actions.club.freeForever${details.freeForever === false ? 'Off' : 'On'}`, { name });
  return t(`admin.audit.actions.${entry.action}`, {
    name,
    amount: amountOf(details, language),
    count: Number(details.months) || 0,
    fileName: text(details.fileName) ?? name,
    // Lines written before the brand's name was kept say "a brand".
    brand: text(details.brand) ?? t('admin.audit.someBrand'),
  });
};

/** Who did it: an account, the emailed activation link, or an account removed since. */
export const auditActor = (t: TFunction, entry: AuditEntry) => {
  if (entry.details.via === 'activationLink') return t('admin.audit.byActivationLink');
  return entry.actor ? t('admin.audit.by', { actor: entry.actor }) : t('admin.audit.system');
};

/** What an accountant checks beside the sentence: the invoice, the note, the message's summary. */
export const auditExtra = (t: TFunction, entry: AuditEntry) => {
  const { details } = entry;
  const parts: string[] = [];
  const invoice = text(details.invoice);
  if (invoice) parts.push(t('admin.audit.invoice', { invoice }));
  for (const quoted of [text(details.note), text(details.summary)])
    if (quoted) parts.push(t('admin.audit.quoted', { text: quoted }));
  return parts.join(' · ');
};
