import type { AuditEntry } from '@carta/contract/admin';
import { describe, expect, it } from 'vitest';
import { auditActor, auditExtra, auditSentence } from '../src/features/admin/audit-sentence.ts';
import { translatorsBeforeAll } from './translators.ts';

const translators = translatorsBeforeAll('admin');

const entry = (fields: Partial<AuditEntry>): AuditEntry => ({
  id: 1,
  actor: 'Ada Rossi',
  action: 'club.activate',
  targetType: 'club',
  targetId: 12,
  targetName: 'Osteria Demo',
  details: {},
  createdAt: '2026-11-26T10:00:00.000Z',
  ...fields,
});

const actions = [
  entry({ action: 'club.activate' }),
  entry({ action: 'club.disable' }),
  entry({ action: 'club.freeForever', details: { freeForever: true } }),
  entry({ action: 'club.freeForever', details: { freeForever: false } }),
  entry({ action: 'club.message', details: { summary: 'Chiusi a Natale' } }),
  entry({ action: 'club.messageCleared' }),
  entry({ action: 'club.sponsorship', details: { brandId: 3, months: 12 } }),
  entry({
    action: 'club.refund',
    details: { club: 'Osteria Demo', amount: '5,00 €', invoice: '2026-000003' },
  }),
  entry({
    action: 'brand.create',
    targetType: 'brand',
    targetName: 'Birra Orobica',
    details: { name: 'Birra Orobica' },
  }),
  entry({ action: 'brand.update', targetType: 'brand', targetName: 'Birra Orobica' }),
  entry({ action: 'plan.create', targetType: 'paymentPlan', targetName: 'IT:12' }),
  entry({ action: 'plan.update', targetType: 'paymentPlan', targetName: 'IT:1' }),
  entry({
    action: 'eInvoice.resend',
    targetType: 'eInvoice',
    targetName: null,
    details: { fileName: 'IT01_00007.xml' },
  }),
  entry({ action: 'authenticator_reset.requested', targetType: 'account', targetName: 'Ada Rossi' }),
  entry({ action: 'authenticator_reset.approved', targetType: 'account', targetName: 'Bruno Neri' }),
  entry({ action: 'authenticator_reset.refused', targetType: 'account', targetName: 'Bruno Neri' }),
  entry({ action: 'authenticator_reset.completed', targetType: 'account', targetName: 'Ada Rossi' }),
  entry({ action: 'club.ownership_transferred', details: { accountId: 4 } }),
  entry({ action: 'member.invited', details: { role: 'staff', email: 'luca@example.com' } }),
  entry({ action: 'member.invitation_withdrawn' }),
  entry({ action: 'member.invitation_declined' }),
  entry({ action: 'member.joined', details: { role: 'staff' } }),
  entry({ action: 'member.role_changed', details: { from: 'staff', to: 'manager' } }),
  entry({ action: 'member.removed', details: { role: 'staff' } }),
  entry({ action: 'member.left', details: { role: 'staff' } }),
  entry({ action: 'menu.copy', details: { name: 'Cena' } }),
];

describe('the audit log, in the reader language', () => {
  it('says what happened to what, by name', () => {
    const it = translators.it;
    expect(
      auditSentence(it, entry({ action: 'brand.create', targetType: 'brand', targetName: 'Birra Orobica' })),
    ).toBe('Ha creato il marchio Birra Orobica');
    expect(auditSentence(it, actions[7] as AuditEntry)).toBe('Ha rimborsato 5,00 € a Osteria Demo');
    const sponsorship = entry({
      action: 'club.sponsorship',
      details: { brandId: 3, months: 12, brand: 'Birra Orobica' },
    });
    expect(auditSentence(it, sponsorship)).toBe(
      'Ha offerto Smart per 12 mesi a Osteria Demo, a carico di Birra Orobica',
    );
    expect(auditSentence(translators.en, sponsorship)).toBe(
      'Offered 12 months of Smart to Osteria Demo, paid by Birra Orobica',
    );
    expect(auditSentence(it, actions[6] as AuditEntry)).toBe(
      'Ha offerto Smart per 12 mesi a Osteria Demo, a carico di un marchio',
    );
    expect(auditSentence(translators.en, actions[0] as AuditEntry)).toBe('Activated the venue Osteria Demo');
    expect(auditSentence(translators.en, actions[10] as AuditEntry)).toBe(
      'Added the payment plan IT, 12 months',
    );
    expect(auditExtra(it, actions[7] as AuditEntry)).toBe('fattura 2026-000003');
  });

  it('has a sentence for every action in both languages, without keys, ids or placeholders', () => {
    for (const language of ['it', 'en'] as const)
      for (const line of actions) {
        const sentence = auditSentence(translators[language], line);
        expect(sentence, `${language} ${line.action}`).not.toMatch(
          /admin\.|\{\{|undefined|null|#12|n\. 12|\b[a-z]+[A-Z][a-z]+\b/,
        );
        expect(sentence).not.toBe(auditSentence(translators[language], entry({ action: 'something.new' })));
      }
  });

  it('never shows an unknown action key raw, and names the activation link as the actor', () => {
    expect(auditSentence(translators.it, entry({ action: 'club.teleport' }))).toBe('Ha fatto una modifica');
    expect(auditSentence(translators.en, entry({ action: 'club.teleport' }))).toBe('Made a change');
    const byLink = entry({ actor: null, details: { from: 'pending', via: 'activationLink' } });
    expect(auditActor(translators.it, byLink)).toBe(
      "dal link di attivazione inviato all'indirizzo operativo",
    );
    expect(auditActor(translators.en, entry({}))).toBe('by Ada Rossi');
  });

  it('falls back to the name the details kept, then to the number, once the target is gone', () => {
    const gone = entry({
      action: 'club.refund',
      targetName: null,
      details: { club: 'Bar Vecchio', amount: '€5.00' },
    });
    expect(auditSentence(translators.en, gone)).toBe('Refunded €5.00 to Bar Vecchio');
    // Kept in cents with its currency: written in the reader's language.
    const inCents = entry({
      action: 'club.refund',
      details: { amountCents: 500, currency: 'EUR', amount: '5,00 €' },
    });
    expect(auditSentence(translators.en, inCents, 'en')).toBe('Refunded €5.00 to Osteria Demo');
    expect(auditSentence(translators.it, inCents, 'it')).toBe('Ha rimborsato 5,00\u00a0€ a Osteria Demo');
    expect(auditSentence(translators.it, entry({ targetName: null }))).toBe('Ha attivato il locale n. 12');
  });
});
