import type { PaymentAction } from '@carta/contract/billing';
import type { Stripe } from '@stripe/stripe-js';

// Stripe.js comes from js.stripe.com (Stripe requires it): the package's module only loads that script.
// It is imported here dynamically, and only the payment screen calls these functions, so no other screen
// (and no first load) downloads it.

const loaded = new Map<string, Promise<Stripe>>();

/** Stripe.js for a publishable key, loaded once. */
export const loadStripeFor = (publishableKey: string): Promise<Stripe> => {
  let loading = loaded.get(publishableKey);
  if (!loading) {
    loading = import('@stripe/stripe-js').then(async ({ loadStripe }) => {
      const stripe = await loadStripe(publishableKey);
      if (!stripe) throw new Error('Stripe.js did not load');
      return stripe;
    });
    // A failed download (offline, blocked) may be tried again.
    loading.catch(() => loaded.delete(publishableKey));
    loaded.set(publishableKey, loading);
  }
  return loading;
};

/**
 * A payment Stripe holds for the owner's authentication (3-D Secure): Stripe shows the bank's own
 * confirmation. Answers Stripe's message when it did not go through, null when it did.
 */
export const confirmStripePayment = async (action: PaymentAction): Promise<string | null> => {
  if (!action.publishableKey) throw new Error('A Stripe payment action without a publishable key');
  const stripe = await loadStripeFor(action.publishableKey);
  const { error } = await stripe.confirmCardPayment(action.clientSecret);
  return error ? (error.message ?? '') : null;
};
