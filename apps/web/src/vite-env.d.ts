/// <reference types="vite/client" />

/** The owner app's build id, set by vite.config.ts: new at every production build, 'dev' in development. */
declare const __CARTA_BUILD__: string;

/** One part of an owner-app catalogue (src/locales/text-groups.ts, split by vite.config.ts). */
declare module '*.json?texts=first' {
  const texts: Record<string, unknown>;
  export default texts;
}
declare module '*.json?texts=later' {
  const texts: Record<string, unknown>;
  export default texts;
}
