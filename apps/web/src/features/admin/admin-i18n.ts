import { i18n } from '../../lib/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };

// The console's texts travel in its own chunk: owners never download them.
i18n.addResourceBundle('it', 'translation', { admin: it }, true, true);
i18n.addResourceBundle('en', 'translation', { admin: en }, true, true);
