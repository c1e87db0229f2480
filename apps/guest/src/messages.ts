import { pickLanguage } from '@carta/contract/accept-language';

// Page chrome of the guest pages. Guests read in more languages than owners: it, en, de, fr, es.

export const GUEST_LANGUAGES = ['it', 'en', 'de', 'fr', 'es'] as const;
export type GuestLanguage = (typeof GUEST_LANGUAGES)[number];

type GuestMessages = {
  notFoundTitle: string;
  notFoundText: string;
  notReadyTitle: string;
  notReadyText: string;
  /** The menu cannot be read for a moment (the server cannot reach its data) and no copy is kept. */
  unavailableTitle: string;
  unavailableText: string;
  poweredBy: string;
  /** Over the owner's preview of a page while the club waits for activation (0073). */
  previewBanner: string;
};

export const guestMessages: Record<GuestLanguage, GuestMessages> = {
  it: {
    notFoundTitle: 'Menu non trovato',
    notFoundText: 'Questo codice QR non corrisponde a nessun tavolo. Chiedi al personale un nuovo codice.',
    notReadyTitle: 'Il menu arriva a breve',
    notReadyText: 'Il locale sta preparando il suo menu digitale. Chiedi al personale il menu cartaceo.',
    unavailableTitle: 'Il menu non è raggiungibile',
    unavailableText:
      'Stiamo avendo un problema momentaneo. Riprova tra qualche istante o chiedi al personale il menu cartaceo.',
    poweredBy: 'Menu digitale di Carta',
    previewBanner: 'Anteprima: gli ospiti la vedranno quando il locale sarà attivo',
  },
  en: {
    notFoundTitle: 'Menu not found',
    notFoundText: 'This QR code does not match any table. Please ask the staff for a new code.',
    notReadyTitle: 'The menu is coming soon',
    notReadyText: 'The venue is preparing its digital menu. Please ask the staff for a printed menu.',
    unavailableTitle: 'The menu cannot be reached',
    unavailableText:
      'We are having a brief problem. Please try again in a moment, or ask the staff for a printed menu.',
    poweredBy: 'Digital menu by Carta',
    previewBanner: 'Preview: guests will see this once your venue is active',
  },
  de: {
    notFoundTitle: 'Speisekarte nicht gefunden',
    notFoundText:
      'Dieser QR-Code gehört zu keinem Tisch. Bitte fragen Sie das Personal nach einem neuen Code.',
    notReadyTitle: 'Die Speisekarte kommt bald',
    notReadyText:
      'Das Lokal bereitet seine digitale Speisekarte vor. Bitte fragen Sie nach einer gedruckten Karte.',
    unavailableTitle: 'Die Speisekarte ist nicht erreichbar',
    unavailableText:
      'Wir haben ein kurzes Problem. Bitte versuchen Sie es gleich noch einmal oder fragen Sie nach einer gedruckten Karte.',
    poweredBy: 'Digitale Speisekarte von Carta',
    previewBanner: 'Vorschau: Ihre Gäste sehen diese Seite, sobald Ihr Lokal aktiv ist',
  },
  fr: {
    notFoundTitle: 'Menu introuvable',
    notFoundText: 'Ce code QR ne correspond à aucune table. Demandez un nouveau code au personnel.',
    notReadyTitle: 'Le menu arrive bientôt',
    notReadyText: "L'établissement prépare son menu numérique. Demandez un menu imprimé au personnel.",
    unavailableTitle: 'Le menu est inaccessible',
    unavailableText:
      'Nous rencontrons un problème passager. Réessayez dans un instant ou demandez un menu imprimé au personnel.',
    poweredBy: 'Menu numérique par Carta',
    previewBanner: 'Aperçu : vos clients verront cette page dès que votre établissement sera actif',
  },
  es: {
    notFoundTitle: 'Menú no encontrado',
    notFoundText: 'Este código QR no corresponde a ninguna mesa. Pide un código nuevo al personal.',
    notReadyTitle: 'El menú llegará pronto',
    notReadyText: 'El local está preparando su menú digital. Pide al personal un menú impreso.',
    unavailableTitle: 'No se puede acceder al menú',
    unavailableText:
      'Tenemos un problema momentáneo. Vuelve a intentarlo en un momento o pide al personal un menú impreso.',
    poweredBy: 'Menú digital de Carta',
    previewBanner: 'Vista previa: tus clientes la verán cuando tu local esté activo',
  },
};

/** The guest's language from Accept-Language, among those the pages speak; Italian otherwise. */
export const pickGuestLanguage = (acceptLanguage: string | undefined): GuestLanguage =>
  pickLanguage(acceptLanguage, GUEST_LANGUAGES, 'it');
