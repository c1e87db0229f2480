import type { Language } from '@carta/contract/limits';
import { compose } from './templates.ts';

// The owner's email when a refund went through (docs/decisions/0063-refunds-and-credit-notes.md): how much,
// on which card it comes back, the credit note that corrects the invoice, one button to the invoices.

export type RefundEmailDetails = {
  name: string;
  clubName: string;
  /** The amount in the charge's currency, formatted in the owner's language. */
  amount: string;
  /** The credit note issued for it; null when the charge never had an invoice (a late payment). */
  creditNoteNumber: string | null;
  invoiceNumber: string | null;
  /** `${publicUrl}/clubs/<id>/profile/billing`, where the invoices and credit notes are. */
  link: string;
};

export const refundEmail = (
  kind: 'admin' | 'lateSuccess',
  language: Language,
  to: string,
  details: RefundEmailDetails,
) => {
  const { name, clubName, amount, creditNoteNumber, invoiceNumber, link } = details;
  const en = language === 'en';
  const creditNote = en
    ? creditNoteNumber &&
      `We issued credit note ${creditNoteNumber}, which corrects invoice ${invoiceNumber}: you find it with your invoices on the billing page.`
    : creditNoteNumber &&
      `Abbiamo emesso la nota di credito ${creditNoteNumber}, che rettifica la fattura ${invoiceNumber}: la trovi con le fatture nella pagina di fatturazione.`;
  const when = en
    ? 'The money goes back to the card that paid; depending on your bank, it can take a few days to show.'
    : 'Il denaro torna sulla carta che ha pagato; a seconda della banca, può servire qualche giorno perché compaia.';
  if (kind === 'lateSuccess')
    return en
      ? compose(
          to,
          `${clubName}: we refunded a payment of ${amount}`,
          [
            `Hello ${name},`,
            `we refunded ${amount} to you: a payment for "${clubName}" that arrived after your subscription had stopped waiting for it (it had been cancelled or changed meanwhile).`,
            when,
            creditNote ?? 'No invoice was issued for that payment, so there is nothing else to keep.',
          ],
          { label: 'Open billing', link },
        )
      : compose(
          to,
          `${clubName}: ti abbiamo rimborsato un pagamento di ${amount}`,
          [
            `Ciao ${name},`,
            `ti abbiamo rimborsato ${amount}: un pagamento per "${clubName}" arrivato quando l'abbonamento non lo attendeva più (nel frattempo era stato annullato o cambiato).`,
            when,
            creditNote ??
              'Per quel pagamento non era stata emessa alcuna fattura: non devi conservare altro.',
          ],
          { label: 'Apri la fatturazione', link },
        );
  return en
    ? compose(
        to,
        `${clubName}: we refunded ${amount}`,
        [
          `Hello ${name},`,
          `we refunded ${amount} of a payment for "${clubName}".`,
          when,
          ...(creditNote ? [creditNote] : []),
        ],
        { label: 'Open my invoices', link },
      )
    : compose(
        to,
        `${clubName}: ti abbiamo rimborsato ${amount}`,
        [
          `Ciao ${name},`,
          `ti abbiamo rimborsato ${amount} di un pagamento per "${clubName}".`,
          when,
          ...(creditNote ? [creditNote] : []),
        ],
        { label: 'Apri le mie fatture', link },
      );
};
