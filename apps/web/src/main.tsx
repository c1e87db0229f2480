import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { handleApiEvents } from './app/api-event-handler.ts';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { startErrorReporting } from './lib/error-reporting.ts';
import { loadLaterTexts, translationsReady } from './lib/i18n.ts';
import { whenIdle } from './lib/when-idle.ts';

// The Content-Security-Policy allows no eval: zod would probe for it once (a refused `new Function`, logged
// as a violation) before falling back to parsing without compiled checks, which it now does from the
// start. Zod reads its settings from this global (shared by every copy of zod in a page); importing its
// `config` would put zod's core in the first load, which does without zod.
const zodGlobal = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
zodGlobal.__zod_globalConfig ??= {};
zodGlobal.__zod_globalConfig.jitless = true;

handleApiEvents({ router, queryClient });
startErrorReporting();

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Someone who chose a language other than the bundled default waits for its texts (a small chunk) rather
// than seeing the page switch language under their eyes. Not a top-level await: that chunk may import from
// the app's own chunk (vite.config.ts), which would wait for this module while this module waits for it.
void translationsReady.then(() => {
  const root = createRoot(container);
  // As a transition, React renders the first screen in slices of a few milliseconds and lets the
  // browser answer a tap between them, rather than in one long task (Lighthouse's total blocking time).
  startTransition(() => {
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  });
  // The other screens' texts, so the next screen opened does not wait for them.
  whenIdle(() => void loadLaterTexts().catch(() => undefined));
});
