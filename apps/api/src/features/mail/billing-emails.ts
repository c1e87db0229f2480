import type { Language } from '@carta/contract/limits';
import type { EmailKind } from '@carta/contract/subscription-rules';
import { compose } from './templates.ts';

// The emails about money (docs/decisions/0064-one-owner-of-subscription-rules.md): what happened, what
// happens next and when, the amount in the club's currency, one button. The subscription rules say which
// to send; the card reminder comes from the card-expiry job.

export type BillingEmailKind = EmailKind | 'cardExpiring';

export type BillingEmailDetails = {
  name: string;
  clubName: string;
  /** The date the email is about (renewal, end of Smart, end of an offer), written out. */
  date: string | null;
  /** The billed plan's amount, formatted in the club's currency. */
  amount: string | null;
  /** "mensile" / "monthly" or "annuale" / "annual": the billed plan. */
  planName: string | null;
  /** The period a payment paid for, written out ("dal 1 novembre 2026 al 1 dicembre 2026"). */
  period: string | null;
  /** The card a reminder is about ("Visa •••• 4242, scade 03/2027"). */
  card: string | null;
  /** Days of the countdown after a failed payment. */
  days: number;
  link: string;
};

type Text = { subject: string; paragraphs: string[]; action: string };

const italian = (d: BillingEmailDetails): Record<BillingEmailKind, Text> => ({
  renewalInSevenDays: {
    subject: `${d.clubName}: il piano Smart si rinnova il ${d.date}`,
    paragraphs: [
      `il piano Smart di "${d.clubName}" si rinnova il ${d.date}: addebiteremo ${d.amount} sulla tua carta principale.`,
      'Se ti va bene non devi fare nulla. Per cambiare piano o annullare il rinnovo, apri la pagina del piano entro il giorno prima.',
    ],
    action: 'Apri il mio piano',
  },
  paymentFailed: {
    subject: `${d.clubName}: il pagamento del piano Smart non è andato a buon fine`,
    paragraphs: [
      `non siamo riusciti ad addebitare il rinnovo del piano Smart di "${d.clubName}".`,
      `Aggiungi un metodo di pagamento valido entro ${d.days} giorni per mantenerlo: dopo, il locale torna al piano Free e i clienti vedono solo i primi 2 menu (gli altri restano salvati).`,
    ],
    action: 'Aggiorna il metodo di pagamento',
  },
  clubDeactivated: {
    subject: `${d.clubName} è tornato al piano Free`,
    paragraphs: [
      `il piano Smart di "${d.clubName}" è terminato perché il pagamento non è andato a buon fine. Ora i clienti vedono i primi 2 menu; gli altri, il tuo tema e le promozioni restano salvati.`,
      'Puoi abbonarti di nuovo quando vuoi: tutto torna com’era.',
    ],
    action: 'Scegli un piano',
  },
  partnerPeriodEnding: {
    subject: `${d.clubName}: il piano Smart offerto dal partner termina il ${d.date}`,
    paragraphs: [
      `il piano Smart offerto a "${d.clubName}" termina il ${d.date}.`,
      'Per restare Smart anche dopo, scegli ora un piano mensile o annuale: partirà alla fine dell’offerta. Altrimenti il locale torna al piano Free e i clienti vedono i primi 2 menu.',
    ],
    action: 'Scegli un piano',
  },
  paymentReceived: {
    subject: `${d.clubName}: pagamento ricevuto, grazie`,
    paragraphs: [
      `abbiamo ricevuto ${d.amount} per il piano Smart ${d.planName} di "${d.clubName}", ${d.period}.`,
      `Il piano si rinnova da solo il ${d.date}. La fattura è pronta nella pagina Fatturazione, in PDF e in XML (FatturaPA).`,
    ],
    action: 'Vedi la fattura',
  },
  planChanged: {
    subject: `${d.clubName}: il tuo piano ora è ${d.planName}`,
    paragraphs: [
      `il piano Smart di "${d.clubName}" ora è ${d.planName}.`,
      `I giorni che restavano del piano precedente sono stati convertiti, senza costi: il prossimo addebito sarà di ${d.amount} il ${d.date}.`,
    ],
    action: 'Apri il mio piano',
  },
  renewalCancelled: {
    subject: `${d.clubName}: rinnovo annullato, Smart fino al ${d.date}`,
    paragraphs: [
      `come hai chiesto, il piano Smart di "${d.clubName}" non si rinnoverà e non addebiteremo più nulla.`,
      `Resta Smart fino al ${d.date}; fino ad allora puoi riattivare il rinnovo senza costi. Dopo, il locale passa al piano Free: i clienti vedono i primi 2 menu e gli altri restano salvati.`,
    ],
    action: 'Apri il mio piano',
  },
  reactivated: {
    subject: `${d.clubName}: il rinnovo è di nuovo attivo`,
    paragraphs: [
      `il piano Smart di "${d.clubName}" si rinnoverà di nuovo da solo.`,
      `Il prossimo addebito sarà di ${d.amount} il ${d.date}; fino ad allora non paghi nulla.`,
    ],
    action: 'Apri il mio piano',
  },
  cardExpiring: {
    subject: `${d.clubName}: la tua carta sta per scadere`,
    paragraphs: [
      `la carta con cui paghi il piano Smart di "${d.clubName}" (${d.card}) scade prima del prossimo rinnovo, il ${d.date}.`,
      'Aggiungi una carta valida per non interrompere il piano: richiede un minuto.',
    ],
    action: 'Aggiorna la carta',
  },
});

const english = (d: BillingEmailDetails): Record<BillingEmailKind, Text> => ({
  renewalInSevenDays: {
    subject: `${d.clubName}: your Smart plan renews on ${d.date}`,
    paragraphs: [
      `the Smart plan of "${d.clubName}" renews on ${d.date}: we will charge ${d.amount} to your primary card.`,
      'Nothing to do if that suits you. To change plan or cancel the renewal, open the plan page by the day before.',
    ],
    action: 'Open my plan',
  },
  paymentFailed: {
    subject: `${d.clubName}: the payment of your Smart plan failed`,
    paragraphs: [
      `we could not charge the renewal of the Smart plan of "${d.clubName}".`,
      `Add a working payment method within ${d.days} days to keep it: after that your club goes back to the Free plan and guests see only your first 2 menus (the others stay saved).`,
    ],
    action: 'Update the payment method',
  },
  clubDeactivated: {
    subject: `${d.clubName} is back on the Free plan`,
    paragraphs: [
      `the Smart plan of "${d.clubName}" has ended because its payment did not go through. Guests now see your first 2 menus; the others, your theme and your promotions stay saved.`,
      'Subscribe again whenever you like: everything comes back as it was.',
    ],
    action: 'Choose a plan',
  },
  partnerPeriodEnding: {
    subject: `${d.clubName}: the Smart plan offered by your partner ends on ${d.date}`,
    paragraphs: [
      `the Smart plan offered to "${d.clubName}" ends on ${d.date}.`,
      'To keep Smart afterwards, choose a monthly or annual plan now: it starts when the offer ends. Otherwise the club goes back to the Free plan and guests see your first 2 menus.',
    ],
    action: 'Choose a plan',
  },
  paymentReceived: {
    subject: `${d.clubName}: payment received, thank you`,
    paragraphs: [
      `we received ${d.amount} for the ${d.planName} Smart plan of "${d.clubName}", ${d.period}.`,
      `The plan renews by itself on ${d.date}. The invoice is ready on the Billing page, as PDF and as XML (FatturaPA).`,
    ],
    action: 'See the invoice',
  },
  planChanged: {
    subject: `${d.clubName}: your plan is now ${d.planName}`,
    paragraphs: [
      `the Smart plan of "${d.clubName}" is now ${d.planName}.`,
      `The days left of the previous plan were converted at no cost: the next charge is ${d.amount} on ${d.date}.`,
    ],
    action: 'Open my plan',
  },
  renewalCancelled: {
    subject: `${d.clubName}: renewal cancelled, Smart until ${d.date}`,
    paragraphs: [
      `as you asked, the Smart plan of "${d.clubName}" will not renew and we will not charge anything more.`,
      `It stays Smart until ${d.date}; until then you can restore the renewal at no cost. After that the club moves to the Free plan: guests see your first 2 menus and the others stay saved.`,
    ],
    action: 'Open my plan',
  },
  reactivated: {
    subject: `${d.clubName}: the renewal is on again`,
    paragraphs: [
      `the Smart plan of "${d.clubName}" will renew by itself again.`,
      `The next charge is ${d.amount} on ${d.date}; nothing is charged until then.`,
    ],
    action: 'Open my plan',
  },
  cardExpiring: {
    subject: `${d.clubName}: your card is about to expire`,
    paragraphs: [
      `the card that pays the Smart plan of "${d.clubName}" (${d.card}) expires before the next renewal on ${d.date}.`,
      'Add a valid card so the plan carries on: it takes a minute.',
    ],
    action: 'Update the card',
  },
});

/** The page an email's button opens: the billing page for money and cards, the plan page otherwise. */
export const billingEmailPath = (kind: BillingEmailKind) =>
  kind === 'paymentFailed' || kind === 'paymentReceived' || kind === 'cardExpiring'
    ? 'profile/billing'
    : 'profile/plan';

/** One billing email in the owner's language. */
export const billingEmail = (
  kind: BillingEmailKind,
  language: Language,
  to: string,
  details: BillingEmailDetails,
) => {
  const text = (language === 'en' ? english : italian)(details)[kind];
  const greeting = language === 'en' ? `Hello ${details.name},` : `Ciao ${details.name},`;
  return compose(to, text.subject, [greeting, ...text.paragraphs], {
    label: text.action,
    link: details.link,
  });
};
