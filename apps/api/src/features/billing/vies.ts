import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../../config.ts';

// The EU's VIES service: is this VAT number registered now (docs/decisions/0062)? Behind a small
// interface, so the server runs and is tested without it.

export type VatCheckOutcome = { status: 'valid' | 'invalid' | 'unavailable'; name?: string | null };

export type VatChecker = {
  /** `country` ISO alpha-2 (Greece `GR`), `number` with or without its country prefix. */
  check: (country: string, number: string) => Promise<VatCheckOutcome>;
};

/** How long a save waits for VIES before taking the format check instead. */
const VIES_TIMEOUT_MS = 5_000;

/** The default without VIES_ENABLED: asks nobody, so the format check stands. */
export const offlineVatChecker: VatChecker = { check: async () => ({ status: 'unavailable' }) };

/**
 * VIES's REST API (`POST check-vat-number` with `{ countryCode, vatNumber }`, answering `valid` and
 * `name`). Anything but a clear yes or no (a member state's service down, a timeout, a 5xx, an error
 * body) is `unavailable`: the caller keeps the format check and says so.
 */
export const createViesChecker = (url: string, log?: FastifyBaseLogger): VatChecker => ({
  check: async (country, number) => {
    // VIES knows Greece as EL.
    const countryCode = country.toUpperCase() === 'GR' ? 'EL' : country.toUpperCase();
    const compact = number.replace(/[\s.\-/]/g, '').toUpperCase();
    const vatNumber = compact.startsWith(countryCode) ? compact.slice(countryCode.length) : compact;
    try {
      const response = await fetch(url, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ countryCode, vatNumber }),
        signal: AbortSignal.timeout(VIES_TIMEOUT_MS),
      });
      if (!response.ok) {
        log?.warn({ status: response.status }, 'VIES answered an error: the VAT format check stands');
        return { status: 'unavailable' };
      }
      const body = (await response.json()) as { valid?: unknown; name?: unknown };
      if (typeof body.valid !== 'boolean') {
        log?.warn({ body }, 'VIES gave no answer: the VAT format check stands');
        return { status: 'unavailable' };
      }
      // VIES writes "---" where a member state does not disclose the name.
      const name = typeof body.name === 'string' && /[\p{L}\p{N}]/u.test(body.name) ? body.name.trim() : null;
      return { status: body.valid ? 'valid' : 'invalid', name };
    } catch (error) {
      log?.warn({ err: error }, 'VIES could not be reached: the VAT format check stands');
      return { status: 'unavailable' };
    }
  },
});

export const vatCheckerFor = (config: Config, log?: FastifyBaseLogger): VatChecker =>
  config.vies.isEnabled ? createViesChecker(config.vies.url, log) : offlineVatChecker;

declare module 'fastify' {
  interface FastifyInstance {
    /** VIES, or the offline default (0062). */
    vatChecker: VatChecker;
  }
}

/** The configured VAT checker, or the one given (tests: VIES faked on a local port). */
export const vatCheckerPlugin = fp(
  async (app: FastifyInstance, { checker }: { checker?: VatChecker | undefined }) => {
    app.decorate('vatChecker', checker ?? vatCheckerFor(app.config, app.log));
  },
  { name: 'vat-checker', dependencies: ['services'] },
);
