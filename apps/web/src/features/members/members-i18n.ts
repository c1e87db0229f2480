import { i18n } from '../../lib/i18n.ts';
import en from './locales/en.json' with { type: 'json' };
import it from './locales/it.json' with { type: 'json' };

// The people screens' texts travel with their code: most accounts never open them.
i18n.addResourceBundle('it', 'translation', { members: it }, true, true);
i18n.addResourceBundle('en', 'translation', { members: en }, true, true);
