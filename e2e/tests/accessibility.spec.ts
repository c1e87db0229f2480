import { defineAccessibilityTests, routerPatterns, SCREENS } from '../accessibility-routes.ts';
import { expect, test } from '../fixtures.ts';

// Issue 26: axe-core's WCAG 2.2 A/AA rules on every route, on a desktop and in Italian (the phone's run,
// in English, is accessibility.phone.spec.ts, over the same map of routes).

test('the accessibility map covers every route of the router, and only those', () => {
  const patterns = routerPatterns();
  // The parse itself works: the router's first and deepest routes are among what it read.
  expect(patterns).toContain('/login');
  expect(patterns).toContain('/clubs/:clubId/menu/:menuId/sections/:sectionId/items/:itemId');
  expect(patterns, 'routes of router.tsx missing from e2e/accessibility-routes.ts SCREENS').toEqual(
    Object.keys(SCREENS).sort(),
  );
});

defineAccessibilityTests({ language: 'it' });
