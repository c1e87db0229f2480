import { defineAccessibilityTests } from '../accessibility-routes.ts';

// Issue 26: axe-core's WCAG 2.2 A/AA rules on every route, on a phone (Pixel 7) and in English (the
// desktop's run is in Italian); the map of routes and its check against the router are in
// accessibility-routes.ts and accessibility.spec.ts.

defineAccessibilityTests({ language: 'en' });
