/// <reference types="vite/client" />

/** The owner app's build id, set by vite.config.ts: new at every production build, 'dev' in development. */
declare const __CARTA_BUILD__: string;
