import type { ComponentType } from 'react';
import { loadLaterTexts } from '../lib/i18n.ts';

// Every screen and every layout but the root is its own chunk (route.lazy), so the first visit to /login
// does not download the menu builder, nor the club frame with its navigation and waiter calls. The
// router loads a route's layout and screen together, not one after the other.

/**
 * A route's screen from its own chunk, with the texts of every screen (i18n.ts loads them in a chunk of
 * their own) fetched beside it: `load` must stay a literal dynamic import for the bundler.
 */
export const screen =
  <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  async () => {
    const [module] = await Promise.all([load(), loadLaterTexts()]);
    return { Component: module[name] };
  };

/**
 * A screen or layout a first visit opens (the sign-in pages, the club frame and board, the static pages):
 * its texts ship with the app (locales/text-groups.ts), so it waits for nothing else.
 */
export const firstScreen =
  <Name extends string>(load: () => Promise<Record<Name, ComponentType>>, name: Name) =>
  async () => ({ Component: (await load())[name] });
