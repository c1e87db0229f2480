/**
 * The catalogues' top-level groups a first visit needs: the sign-in pages, the club frame (navigation,
 * club switcher, account menu, waiter calls), the club board and the static pages. They ship with the
 * app; every other group (the menu builder's, the tables', settings'...) is one later chunk per language,
 * fetched when the browser is idle after the first paint and awaited by the screens that use it
 * (router.tsx). vite.config.ts splits `it.json` and `en.json` along this list
 * (`import texts from './it.json?texts=first'` or `?texts=later`).
 */
export const FIRST_TEXT_GROUPS = [
  'app',
  'language',
  'common',
  'legal',
  'nav',
  'login',
  'screens',
  'static',
  'guest',
  'notice',
  'account',
  'deleteAccount',
  'clubSwitcher',
  'clubState',
  // The board's preview of the guest page while the club waits for activation.
  'guestPreview',
  'board',
  'waiterCalls',
] as const;
