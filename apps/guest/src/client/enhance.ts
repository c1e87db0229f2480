// The guest page's only script, small and optional: the page is whole without it. It adds search and
// the allergen filter without a round trip, follows the scroll in the section bar, remembers the
// language on this device, refreshes the menu in place every `data-refresh` seconds, sends the
// call-waiter form in place, opens dishes' photos larger and shows the club's Wi-Fi on a tap.
//
// Each part is a module that does its work when imported, in the order below; esbuild bundles them into
// one file no larger than the single script it was (no wrapper functions to pay for, `bundle.ts`).
// The refresh comes before the filter's controls: it keeps the list as the server sent it, before the
// filter marks it.

import './language';
import './refresh';
import './filter-controls';
import './section-bar';
import './waiter-call';
import './photo-viewer';
import './wifi';
import './offline-copy';
