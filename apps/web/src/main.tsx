import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { handleApiEvents } from './app/api-event-handler.ts';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
import { translationsReady } from './lib/i18n.ts';

handleApiEvents({ router, queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// Someone who chose a language other than the bundled default waits for its texts (a small chunk) rather
// than seeing the page switch language under their eyes.
await translationsReady;
createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
