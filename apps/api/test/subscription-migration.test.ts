import { readFileSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { describe, expect, it } from 'vitest';

// Migration 0016 gives every subscription row written before the rules' state was kept the state it was
// read as, once (docs/decisions/0064-one-owner-of-subscription-rules.md): the reader of old rows is gone,
// so a row must come out Smart exactly when it was, and an early adopter's flag becomes its state.

const migration = (tag: string) =>
  readFileSync(new URL(`../drizzle/${tag}.sql`, import.meta.url), 'utf8').split('--> statement-breakpoint');
const journal = JSON.parse(
  readFileSync(new URL('../drizzle/meta/_journal.json', import.meta.url), 'utf8'),
) as {
  entries: { tag: string }[];
};

const DAY = '24 hours';

describe('migration 0016 gives old subscription rows their rules state', () => {
  it('reads each row as it was read before, and early adopters hold their state', async () => {
    const pg = new PGlite();
    try {
      const tags = journal.entries.map((entry) => entry.tag);
      const at = tags.findIndex((tag) => tag.startsWith('0016_'));
      expect(at).toBeGreaterThan(0);
      for (const tag of tags.slice(0, at)) for (const statement of migration(tag)) await pg.exec(statement);
      await pg.exec(`
        INSERT INTO accounts (name, last_name, email, phone, password_hash) VALUES ('Ada', 'Rossi', 'a@b.it', '+390000000001', 'x');
        INSERT INTO addresses (line1, city, postal_code, country) VALUES ('Via Roma 1', 'Milano', '20121', 'IT');
        INSERT INTO clubs (owner_id, name, seats, address_id, time_zone, company_name, vat_number, free_forever, pdf_menu_enabled)
          SELECT 1, 'Club ' || g, 10, 1, 'Europe/Rome', 'Srl', 'IT1', g = 6, g = 1 FROM generate_series(1, 7) g;`);
      const monthly = (
        await pg.query<{ id: number }>(
          "SELECT id FROM payment_plans WHERE iso_country_code = 'IT' AND months = 1 AND enabled",
        )
      ).rows[0]?.id;
      await pg.exec(`
        INSERT INTO subscriptions (club_id, kind, payment_plan_id, current_period_end, created_at) VALUES
          (1, 'paid', ${monthly}, now() + interval '10 days', '2026-11-01T10:00:00Z');
        INSERT INTO subscriptions (club_id, kind, current_period_end) VALUES (2, 'partner', now() + interval '10 days');
        INSERT INTO subscriptions (club_id, kind, payment_plan_id, current_period_end, is_renewal_cancelled) VALUES
          (3, 'paid', ${monthly}, now() + interval '10 days', true);
        INSERT INTO subscriptions (club_id, kind, payment_plan_id, current_period_end, payment_failed_at, payment_error_code) VALUES
          (4, 'paid', ${monthly}, now() + interval '5 days', now() - interval '2 days', 'insufficientFunds');
        INSERT INTO subscriptions (club_id, kind, payment_plan_id, current_period_end) VALUES
          (5, 'paid', ${monthly}, now() - interval '${DAY}');`);
      for (const tag of tags.slice(at)) for (const statement of migration(tag)) await pg.exec(statement);
      const { rows } = await pg.query<{
        club_id: number;
        status: string;
        smart: boolean;
        plan: { id: number; months: number; amountCents: number } | null;
        settings_off: string[];
      }>(`SELECT club_id, state->>'status' AS status, coalesce(smart_until > now(), false) AS smart,
            state->'plan' AS plan, c.smart_settings_off AS settings_off
          FROM subscriptions s JOIN clubs c ON c.id = s.club_id ORDER BY club_id`);
      expect(rows.map(({ club_id, status, smart }) => [club_id, status, smart])).toEqual([
        [1, 'paid', true],
        [2, 'partner', true],
        [3, 'renewalCancelled', true],
        [4, 'paymentFailed', true],
        [5, 'freemium', false],
        [6, 'earlyAdopter', true],
      ]);
      // The plan billed as the rules bill it: gross cents of the catalogue's net + VAT.
      expect(rows[0]?.plan).toEqual({ id: monthly, months: 1, amountCents: 2318 });
      // A club Smart today keeps its settings as the owner left them (off stays off).
      expect(rows[0]?.settings_off).toEqual(['bannerUpdateEnabled']);
      expect(rows[1]?.settings_off).toEqual(['pdfMenuEnabled', 'bannerUpdateEnabled']);
      // Every row has a state now.
      const nulls = await pg.query('SELECT 1 FROM subscriptions WHERE state IS NULL');
      expect(nulls.rows).toEqual([]);
    } finally {
      await pg.close();
    }
  });
});
