import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { handleApiEvents } from './app/api-event-handler.ts';
import { App } from './app/app.tsx';
import { queryClient } from './app/query-client.ts';
import { router } from './app/router.tsx';
// Initialises i18next before the first render.
import './lib/i18n.ts';

handleApiEvents({ router, queryClient });

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
