import type { LoaderFunctionArgs, Params } from 'react-router';
import { getSession } from '../lib/session-store.ts';
import { queryClient } from './query-client.ts';

/**
 * A loader that starts a screen's queries, with the very options of the screen's hooks, while the router
 * still downloads the screen's chunk. It waits for the small api module only, never for the answers: on a
 * slow network the screen opens as soon as it would have anyway, and shows its own spinner.
 */
const prefetching =
  (start: (params: Params) => Promise<void>) =>
  async ({ params }: LoaderFunctionArgs): Promise<null> => {
    // Without a session the route sends to /login: asking the API would only answer 401.
    if (!getSession().isLoggedIn) return null;
    // A module that fails to load leaves the screen to fetch, and to report the failure, itself.
    await start(params).catch(() => undefined);
    return null;
  };

/** The club itself: the frame, the board, the menu list's plan notice and the forms all read it. */
export const clubLoader = prefetching(async ({ clubId = '' }) => {
  const { clubQueryOptions } = await import('../api/get-club.ts');
  void queryClient.prefetchQuery(clubQueryOptions(clubId));
});

export const clubBoardLoader = prefetching(async ({ clubId = '' }) => {
  const { viewStatsQueryOptions } = await import('../features/clubs/api/get-view-stats.ts');
  void queryClient.prefetchQuery(viewStatsQueryOptions(clubId));
});

export const menuListLoader = prefetching(async ({ clubId = '' }) => {
  const { menusQueryOptions } = await import('../api/get-menus.ts');
  void queryClient.prefetchQuery(menusQueryOptions(clubId));
});

/** A menu's sections and a section's items both show the one full menu. */
export const menuLoader = prefetching(async ({ clubId = '', menuId = '' }) => {
  const { menuQueryOptions } = await import('../features/menus/api/get-menu.ts');
  void queryClient.prefetchQuery(menuQueryOptions(clubId, menuId));
});

export const qrCodesLoader = prefetching(async ({ clubId = '' }) => {
  const [{ tablesQueryOptions }, { zonesQueryOptions }] = await Promise.all([
    import('../features/tables/api/get-tables.ts'),
    import('../features/tables/api/get-zones.ts'),
  ]);
  void queryClient.prefetchQuery(tablesQueryOptions(clubId));
  void queryClient.prefetchQuery(zonesQueryOptions(clubId));
});

/** The rules, the tables and zones their editor and preview offer, and the menus (for the menu's name). */
export const schedulingsLoader = prefetching(async ({ clubId = '', menuId = '' }) => {
  const [{ schedulingsQueryOptions }, { tablesQueryOptions }, { zonesQueryOptions }, { menusQueryOptions }] =
    await Promise.all([
      import('../features/tables/api/get-schedulings.ts'),
      import('../features/tables/api/get-tables.ts'),
      import('../features/tables/api/get-zones.ts'),
      import('../api/get-menus.ts'),
    ]);
  void queryClient.prefetchQuery(schedulingsQueryOptions(clubId, menuId));
  void queryClient.prefetchQuery(menusQueryOptions(clubId));
  void queryClient.prefetchQuery(tablesQueryOptions(clubId));
  void queryClient.prefetchQuery(zonesQueryOptions(clubId));
});

/** The plans and the club's payment state: the plan and payment screens both start from them. */
export const planLoader = prefetching(async ({ clubId = '' }) => {
  const [{ paymentPlansQueryOptions }, { paymentStateQueryOptions }] = await Promise.all([
    import('../features/billing/api/get-payment-plans.ts'),
    import('../features/billing/api/get-payment-state.ts'),
  ]);
  void queryClient.prefetchQuery(paymentPlansQueryOptions(clubId));
  void queryClient.prefetchQuery(paymentStateQueryOptions(clubId));
});

export const billingLoader = prefetching(async ({ clubId = '' }) => {
  const [{ paymentMethodsQueryOptions }, { invoicesQueryOptions }] = await Promise.all([
    import('../features/billing/api/get-payment-methods.ts'),
    import('../features/billing/api/get-invoices.ts'),
  ]);
  void queryClient.prefetchQuery(paymentMethodsQueryOptions(clubId));
  void queryClient.prefetchQuery(invoicesQueryOptions(clubId));
});
