// Over 300 lines and kept whole: it is one table, the same fifty-odd words in each of five languages, read
// side by side when a word is added or changed; split by language, a missing word would hide in
// another file (the `Chrome` type still catches it, but the translator works from this one view).
//
// The words around a menu (labels, buttons, states), in every language guests read.

import { ALLERGEN_NAMES } from '@carta/contract/allergen-names';
import type { GuestLanguage } from './messages.ts';

export type Chrome = {
  menus: string;
  allMenus: string;
  bestSeller: string;
  suggested: string;
  /** The mark of a banner meant for the guest (the banner's `forYou`, docs/product.md, Banners). */
  forYou: string;
  outOfStock: string;
  allergens: string;
  avoid: string;
  /** The allergen filter's choice: what to do with the dishes that contain an avoided allergen. */
  allergenMode: string;
  markThem: string;
  hideThem: string;
  /** Under the filter in "hide" mode; {count} is the number of dishes taken away. */
  hiddenByFilterOne: string;
  hiddenByFilterMany: string;
  contains: string;
  search: string;
  noResults: string;
  /** Under "no dish matches": empties the search and brings every dish back. */
  clearSearch: string;
  language: string;
  contacts: string;
  address: string;
  call: string;
  email: string;
  website: string;
  table: string;
  comingSoonTitle: string;
  comingSoonText: string;
  disabledTitle: string;
  disabledText: string;
  noMenuTitle: string;
  noMenuText: string;
  nextOpening: string;
  menuClosedTitle: string;
  /** Under a table's menus when the club's plan keeps some from guests (0048). */
  menusWithheld: string;
  sections: string;
  lastUpdated: string;
  callWaiter: string;
  callWaiterConfirm: string;
  callWaiterYes: string;
  staffNotified: string;
  staffNotifiedText: string;
  onTheWay: string;
  onTheWayText: string;
  callTooSoon: string;
  callFailed: string;
  backToMenu: string;
  downloadPdf: string;
  /** A dish's photo, for screen readers; {name} is the dish. */
  photoOf: string;
  /** Closes the larger view of a dish's photo. */
  closePhoto: string;
  /** Under a dish with a price by time in force: its {label} and when it ends ({time}, midnight, {day}). */
  timePriceUntil: string;
  timePriceUntilMidnight: string;
  timePriceUntilDay: string;
  /** Read out before a struck-through usual price. */
  usualPrice: string;
  /** The club's links guests look for (docs/product.md, Club links): the strip's name and its links. */
  guestLinks: string;
  leaveReview: string;
  bookTable: string;
  orderDelivery: string;
  /** The Wi-Fi's box, opened on tap: the network, its password (or none), copying it, a failure. */
  wifiNetwork: string;
  wifiPassword: string;
  wifiOpen: string;
  copyPassword: string;
  passwordCopied: string;
  wifiFailed: string;
  allergenNames: Record<string, string>;
};

export const chrome: Record<GuestLanguage, Chrome> = {
  it: {
    menus: 'I nostri menu',
    allMenus: 'Tutti i menu',
    bestSeller: 'Più venduto',
    suggested: 'Consigliato',
    forYou: 'Per te',
    outOfStock: 'Esaurito',
    allergens: 'Allergeni',
    avoid: 'Evito',
    allergenMode: 'Piatti con questi allergeni:',
    markThem: 'Segnalali',
    hideThem: 'Nascondili',
    hiddenByFilterOne: '1 piatto nascosto dal tuo filtro allergeni',
    hiddenByFilterMany: '{count} piatti nascosti dal tuo filtro allergeni',
    contains: 'Contiene',
    search: 'Cerca un piatto o un ingrediente',
    noResults: 'Nessun piatto corrisponde.',
    clearSearch: 'Cancella la ricerca',
    language: 'Lingua',
    contacts: 'Contatti',
    address: 'Indirizzo',
    call: 'Chiama',
    email: 'Email',
    website: 'Sito web',
    table: 'Tavolo {name}',
    comingSoonTitle: 'Il menu arriva a breve',
    comingSoonText: 'Il locale sta preparando il suo menu digitale. Chiedi al personale il menu cartaceo.',
    disabledTitle: 'Menu non disponibile',
    disabledText: 'Il menu digitale di questo locale non è disponibile al momento. Chiedi al personale.',
    noMenuTitle: 'Nessun menu in questo momento',
    noMenuText: 'A questo tavolo ora non è previsto nessun menu.',
    nextOpening: 'Il prossimo menu inizia {day} alle {time}.',
    menuClosedTitle: 'Questo menu ora non è disponibile',
    menusWithheld: 'Alcuni menu di questo locale al momento non sono disponibili.',
    sections: 'Categorie',
    lastUpdated: 'Sei offline: menu aggiornato al {time}',
    callWaiter: 'Chiama il cameriere',
    callWaiterConfirm: 'Vuoi che un cameriere venga al tuo tavolo?',
    callWaiterYes: 'Sì, chiama',
    staffNotified: 'Personale avvisato',
    staffNotifiedText: 'Un cameriere arriverà al tuo tavolo a breve.',
    onTheWay: 'Un cameriere sta arrivando',
    onTheWayText: 'Hanno visto la tua chiamata: arrivano subito.',
    callTooSoon: 'Un cameriere è appena passato: puoi chiamare di nuovo tra un minuto.',
    callFailed: 'Non è stato possibile chiamare. Riprova o fai un cenno al personale.',
    backToMenu: 'Torna al menu',
    downloadPdf: 'Scarica il PDF',
    photoOf: 'Foto di {name}',
    closePhoto: 'Chiudi',
    timePriceUntil: '{label} fino alle {time}',
    timePriceUntilMidnight: '{label} fino a mezzanotte',
    timePriceUntilDay: '{label} fino a {day}',
    usualPrice: 'Prezzo abituale',
    guestLinks: 'Link utili',
    leaveReview: 'Lascia una recensione',
    bookTable: 'Prenota un tavolo',
    orderDelivery: 'Ordina a domicilio',
    wifiNetwork: 'Rete',
    wifiPassword: 'Password',
    wifiOpen: 'Rete aperta: nessuna password',
    copyPassword: 'Copia la password',
    passwordCopied: 'Password copiata',
    wifiFailed: 'Non riusciamo a mostrare la password ora: chiedila al personale.',
    allergenNames: ALLERGEN_NAMES.it,
  },
  en: {
    menus: 'Our menus',
    allMenus: 'All menus',
    bestSeller: 'Best seller',
    suggested: 'Suggested',
    forYou: 'For you',
    outOfStock: 'Out of stock',
    allergens: 'Allergens',
    avoid: 'I avoid',
    allergenMode: 'Dishes with these allergens:',
    markThem: 'Mark them',
    hideThem: 'Hide them',
    hiddenByFilterOne: '1 dish hidden by your allergen filter',
    hiddenByFilterMany: '{count} dishes hidden by your allergen filter',
    contains: 'Contains',
    search: 'Search a dish or an ingredient',
    noResults: 'No dish matches.',
    clearSearch: 'Clear search',
    language: 'Language',
    contacts: 'Contacts',
    address: 'Address',
    call: 'Call',
    email: 'Email',
    website: 'Website',
    table: 'Table {name}',
    comingSoonTitle: 'The menu is coming soon',
    comingSoonText: 'The venue is preparing its digital menu. Please ask the staff for a printed menu.',
    disabledTitle: 'Menu not available',
    disabledText: 'This venue’s digital menu is not available right now. Please ask the staff.',
    noMenuTitle: 'No menu right now',
    noMenuText: 'There is no menu for this table at the moment.',
    nextOpening: 'The next menu starts on {day} at {time}.',
    menuClosedTitle: 'This menu is not available now',
    menusWithheld: 'Some of this venue’s menus are not available right now.',
    sections: 'Categories',
    lastUpdated: 'You are offline: menu as of {time}',
    callWaiter: 'Call a waiter',
    callWaiterConfirm: 'Ask a waiter to come to your table?',
    callWaiterYes: 'Yes, call',
    staffNotified: 'Staff notified',
    staffNotifiedText: 'A waiter will be at your table shortly.',
    onTheWay: 'A waiter is on the way',
    onTheWayText: 'Your call has been seen: someone is coming.',
    callTooSoon: 'A waiter was with you a moment ago: you can call again in a minute.',
    callFailed: 'The call could not be sent. Try again or wave to the staff.',
    backToMenu: 'Back to the menu',
    downloadPdf: 'Download PDF',
    photoOf: 'Photo of {name}',
    closePhoto: 'Close',
    timePriceUntil: '{label} until {time}',
    timePriceUntilMidnight: '{label} until midnight',
    timePriceUntilDay: '{label} until {day}',
    usualPrice: 'Usual price',
    guestLinks: 'Useful links',
    leaveReview: 'Leave a review',
    bookTable: 'Book a table',
    orderDelivery: 'Order delivery',
    wifiNetwork: 'Network',
    wifiPassword: 'Password',
    wifiOpen: 'Open network: no password',
    copyPassword: 'Copy password',
    passwordCopied: 'Password copied',
    wifiFailed: 'We can’t show the password right now: please ask the staff.',
    allergenNames: ALLERGEN_NAMES.en,
  },
  de: {
    menus: 'Unsere Speisekarten',
    allMenus: 'Alle Speisekarten',
    bestSeller: 'Bestseller',
    suggested: 'Empfohlen',
    forYou: 'Für dich',
    outOfStock: 'Ausverkauft',
    allergens: 'Allergene',
    avoid: 'Ich meide',
    allergenMode: 'Gerichte mit diesen Allergenen:',
    markThem: 'Markieren',
    hideThem: 'Ausblenden',
    hiddenByFilterOne: '1 Gericht durch Ihren Allergenfilter ausgeblendet',
    hiddenByFilterMany: '{count} Gerichte durch Ihren Allergenfilter ausgeblendet',
    contains: 'Enthält',
    search: 'Gericht oder Zutat suchen',
    noResults: 'Kein Gericht gefunden.',
    clearSearch: 'Suche löschen',
    language: 'Sprache',
    contacts: 'Kontakt',
    address: 'Adresse',
    call: 'Anrufen',
    email: 'E-Mail',
    website: 'Website',
    table: 'Tisch {name}',
    comingSoonTitle: 'Die Speisekarte kommt bald',
    comingSoonText:
      'Das Lokal bereitet seine digitale Speisekarte vor. Bitte fragen Sie nach einer gedruckten Karte.',
    disabledTitle: 'Speisekarte nicht verfügbar',
    disabledText:
      'Die digitale Speisekarte dieses Lokals ist gerade nicht verfügbar. Bitte fragen Sie das Personal.',
    noMenuTitle: 'Gerade keine Speisekarte',
    noMenuText: 'Für diesen Tisch gibt es im Moment keine Speisekarte.',
    nextOpening: 'Die nächste Karte beginnt am {day} um {time}.',
    menuClosedTitle: 'Diese Speisekarte ist gerade nicht verfügbar',
    menusWithheld: 'Einige Speisekarten dieses Lokals sind gerade nicht verfügbar.',
    sections: 'Kategorien',
    lastUpdated: 'Sie sind offline: Speisekarte vom {time}',
    callWaiter: 'Kellner rufen',
    callWaiterConfirm: 'Soll ein Kellner an Ihren Tisch kommen?',
    callWaiterYes: 'Ja, rufen',
    staffNotified: 'Personal benachrichtigt',
    staffNotifiedText: 'Gleich kommt jemand an Ihren Tisch.',
    onTheWay: 'Ein Kellner ist unterwegs',
    onTheWayText: 'Ihr Ruf wurde gesehen: Es kommt gleich jemand.',
    callTooSoon: 'Gerade war ein Kellner bei Ihnen: In einer Minute können Sie wieder rufen.',
    callFailed: 'Der Ruf konnte nicht gesendet werden. Versuchen Sie es erneut oder winken Sie dem Personal.',
    backToMenu: 'Zurück zur Karte',
    downloadPdf: 'PDF herunterladen',
    photoOf: 'Foto von {name}',
    closePhoto: 'Schließen',
    timePriceUntil: '{label} bis {time} Uhr',
    timePriceUntilMidnight: '{label} bis Mitternacht',
    timePriceUntilDay: '{label} bis {day}',
    usualPrice: 'Normaler Preis',
    guestLinks: 'Nützliche Links',
    leaveReview: 'Bewertung schreiben',
    bookTable: 'Tisch reservieren',
    orderDelivery: 'Lieferung bestellen',
    wifiNetwork: 'Netzwerk',
    wifiPassword: 'Passwort',
    wifiOpen: 'Offenes Netzwerk: kein Passwort',
    copyPassword: 'Passwort kopieren',
    passwordCopied: 'Passwort kopiert',
    wifiFailed: 'Das Passwort lässt sich gerade nicht anzeigen: Bitte fragen Sie das Personal.',
    allergenNames: ALLERGEN_NAMES.de,
  },
  fr: {
    menus: 'Nos menus',
    allMenus: 'Tous les menus',
    bestSeller: 'Meilleure vente',
    suggested: 'Suggéré',
    forYou: 'Pour vous',
    outOfStock: 'Épuisé',
    allergens: 'Allergènes',
    avoid: "J'évite",
    allergenMode: 'Plats contenant ces allergènes :',
    markThem: 'Les signaler',
    hideThem: 'Les masquer',
    hiddenByFilterOne: '1 plat masqué par votre filtre d’allergènes',
    hiddenByFilterMany: '{count} plats masqués par votre filtre d’allergènes',
    contains: 'Contient',
    search: 'Chercher un plat ou un ingrédient',
    noResults: 'Aucun plat ne correspond.',
    clearSearch: 'Effacer la recherche',
    language: 'Langue',
    contacts: 'Contacts',
    address: 'Adresse',
    call: 'Appeler',
    email: 'E-mail',
    website: 'Site web',
    table: 'Table {name}',
    comingSoonTitle: 'Le menu arrive bientôt',
    comingSoonText: "L'établissement prépare son menu numérique. Demandez un menu imprimé au personnel.",
    disabledTitle: 'Menu indisponible',
    disabledText:
      "Le menu numérique de cet établissement n'est pas disponible pour le moment. Demandez au personnel.",
    noMenuTitle: 'Pas de menu en ce moment',
    noMenuText: "Il n'y a pas de menu pour cette table en ce moment.",
    nextOpening: 'Le prochain menu commence {day} à {time}.',
    menuClosedTitle: "Ce menu n'est pas disponible maintenant",
    menusWithheld: 'Certains menus de cet établissement ne sont pas disponibles pour le moment.',
    sections: 'Catégories',
    lastUpdated: 'Vous êtes hors ligne : menu du {time}',
    callWaiter: 'Appeler un serveur',
    callWaiterConfirm: 'Demander à un serveur de venir à votre table ?',
    callWaiterYes: 'Oui, appeler',
    staffNotified: 'Personnel prévenu',
    staffNotifiedText: 'Un serveur arrive à votre table dans un instant.',
    onTheWay: 'Un serveur arrive',
    onTheWayText: 'Votre appel a été vu : quelqu’un arrive.',
    callTooSoon: 'Un serveur vient de passer : vous pourrez rappeler dans une minute.',
    callFailed: 'L’appel n’a pas pu être envoyé. Réessayez ou faites signe au personnel.',
    backToMenu: 'Retour au menu',
    downloadPdf: 'Télécharger le PDF',
    photoOf: 'Photo : {name}',
    closePhoto: 'Fermer',
    timePriceUntil: '{label} jusqu’à {time}',
    timePriceUntilMidnight: '{label} jusqu’à minuit',
    timePriceUntilDay: '{label} jusqu’à {day}',
    usualPrice: 'Prix habituel',
    guestLinks: 'Liens utiles',
    leaveReview: 'Laisser un avis',
    bookTable: 'Réserver une table',
    orderDelivery: 'Commander en livraison',
    wifiNetwork: 'Réseau',
    wifiPassword: 'Mot de passe',
    wifiOpen: 'Réseau ouvert : pas de mot de passe',
    copyPassword: 'Copier le mot de passe',
    passwordCopied: 'Mot de passe copié',
    wifiFailed: 'Impossible d’afficher le mot de passe pour le moment : demandez-le au personnel.',
    allergenNames: ALLERGEN_NAMES.fr,
  },
  es: {
    menus: 'Nuestras cartas',
    allMenus: 'Todas las cartas',
    bestSeller: 'Más vendido',
    suggested: 'Recomendado',
    forYou: 'Para ti',
    outOfStock: 'Agotado',
    allergens: 'Alérgenos',
    avoid: 'Evito',
    allergenMode: 'Platos con estos alérgenos:',
    markThem: 'Marcarlos',
    hideThem: 'Ocultarlos',
    hiddenByFilterOne: '1 plato oculto por tu filtro de alérgenos',
    hiddenByFilterMany: '{count} platos ocultos por tu filtro de alérgenos',
    contains: 'Contiene',
    search: 'Busca un plato o un ingrediente',
    noResults: 'Ningún plato coincide.',
    clearSearch: 'Borrar la búsqueda',
    language: 'Idioma',
    contacts: 'Contacto',
    address: 'Dirección',
    call: 'Llamar',
    email: 'Correo',
    website: 'Sitio web',
    table: 'Mesa {name}',
    comingSoonTitle: 'La carta llegará pronto',
    comingSoonText: 'El local está preparando su carta digital. Pide al personal una carta impresa.',
    disabledTitle: 'Carta no disponible',
    disabledText: 'La carta digital de este local no está disponible ahora. Pregunta al personal.',
    noMenuTitle: 'Ninguna carta ahora',
    noMenuText: 'En este momento no hay ninguna carta para esta mesa.',
    nextOpening: 'La próxima carta empieza el {day} a las {time}.',
    menuClosedTitle: 'Esta carta no está disponible ahora',
    menusWithheld: 'Algunas cartas de este local no están disponibles en este momento.',
    sections: 'Categorías',
    lastUpdated: 'Sin conexión: carta del {time}',
    callWaiter: 'Llamar al camarero',
    callWaiterConfirm: '¿Pedir que un camarero venga a tu mesa?',
    callWaiterYes: 'Sí, llamar',
    staffNotified: 'Personal avisado',
    staffNotifiedText: 'Un camarero llegará a tu mesa enseguida.',
    onTheWay: 'Un camarero está en camino',
    onTheWayText: 'Han visto tu llamada: ya va alguien.',
    callTooSoon: 'Un camarero acaba de pasar: podrás volver a llamar en un minuto.',
    callFailed: 'No se pudo enviar la llamada. Inténtalo de nuevo o haz una señal al personal.',
    backToMenu: 'Volver a la carta',
    downloadPdf: 'Descargar el PDF',
    photoOf: 'Foto de {name}',
    closePhoto: 'Cerrar',
    timePriceUntil: '{label} hasta las {time}',
    timePriceUntilMidnight: '{label} hasta medianoche',
    timePriceUntilDay: '{label} hasta el {day}',
    usualPrice: 'Precio habitual',
    guestLinks: 'Enlaces útiles',
    leaveReview: 'Deja una reseña',
    bookTable: 'Reserva una mesa',
    orderDelivery: 'Pide a domicilio',
    wifiNetwork: 'Red',
    wifiPassword: 'Contraseña',
    wifiOpen: 'Red abierta: sin contraseña',
    copyPassword: 'Copiar la contraseña',
    passwordCopied: 'Contraseña copiada',
    wifiFailed: 'Ahora no podemos mostrar la contraseña: pídela al personal.',
    allergenNames: ALLERGEN_NAMES.es,
  },
};

export const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/** "Tavolo 12" for a number; a name of its own ("Bancone", "Tavolo 3") is shown as it is. */
export const tableLabel = (words: Chrome, name: string) =>
  /^\d+$/.test(name) ? fill(words.table, { name }) : name;
