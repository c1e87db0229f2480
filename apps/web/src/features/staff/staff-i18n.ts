import { i18n } from '../../lib/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };

// The calls and stock screen's texts travel with its code.
i18n.addResourceBundle('it', 'translation', { staff: it }, true, true);
i18n.addResourceBundle('en', 'translation', { staff: en }, true, true);
