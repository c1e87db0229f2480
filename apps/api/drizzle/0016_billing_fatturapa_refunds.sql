CREATE TABLE "credit_notes" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_notes_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"refund_id" integer NOT NULL,
	"year" integer NOT NULL,
	"sequence" integer NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"currency" text NOT NULL,
	"net_cents" integer NOT NULL,
	"vat_basis_points" integer NOT NULL,
	"vat_cents" integer NOT NULL,
	"gross_cents" integer NOT NULL,
	"reverse_charge" boolean NOT NULL,
	"seller" jsonb NOT NULL,
	"buyer" jsonb NOT NULL,
	CONSTRAINT "credit_notes_refundId_unique" UNIQUE("refund_id")
);
--> statement-breakpoint
CREATE TABLE "e_invoice_transmissions" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "e_invoice_transmissions_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"document_kind" text NOT NULL,
	"document_id" integer NOT NULL,
	"file_name" text NOT NULL,
	"status" text DEFAULT 'waiting' NOT NULL,
	"provider_id" text,
	"reason" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "refunds" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "refunds_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"club_id" integer NOT NULL,
	"charge_id" integer NOT NULL,
	"invoice_id" integer,
	"amount_cents" integer NOT NULL,
	"currency" text NOT NULL,
	"reason" text NOT NULL,
	"note" text,
	"status" text DEFAULT 'pending' NOT NULL,
	"provider_refund_id" text,
	"error_message" text,
	"requested_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "refunds_providerRefundId_unique" UNIQUE("provider_refund_id")
);
--> statement-breakpoint
-- Rows written before the rules' state was kept get the state they were read as (once; the reader is gone).
UPDATE "subscriptions" AS s SET
	"state" = x.state,
	"smart_until" = CASE x.state->>'status'
		WHEN 'paid' THEN s.current_period_end + interval '7 days'
		WHEN 'partner' THEN s.current_period_end
		WHEN 'renewalCancelled' THEN s.current_period_end
		WHEN 'paymentFailed' THEN s.payment_failed_at + interval '7 days'
	END
FROM (
	SELECT s2.id, CASE
		WHEN s2.current_period_end <= now() THEN jsonb_build_object('status', 'freemium', 'lapsed', 'expired', 'paymentErrorCode', null)
		WHEN s2.kind = 'partner' THEN jsonb_build_object('status', 'partner', 'brandId', coalesce(s2.sponsor_brand_id, 0),
			'periodStart', to_char(s2.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
			'periodEnd', to_char(s2.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
			'reminded', false, 'nextPlan', null)
		WHEN s2.payment_failed_at IS NOT NULL AND p.id IS NOT NULL THEN jsonb_build_object('status', 'paymentFailed',
			'plan', jsonb_build_object('id', p.id, 'months', p.months, 'amountCents', p.price_cents + (p.price_cents * p.vat_basis_points + 5000) / 10000),
			'periodEnd', to_char(s2.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
			'charge', jsonb_build_object('planId', p.id, 'amountCents', p.price_cents + (p.price_cents * p.vat_basis_points + 5000) / 10000,
				'periodStart', to_char(s2.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
				'periodEnd', to_char(s2.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')),
			'failedAt', to_char(s2.payment_failed_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
			'paymentErrorCode', CASE WHEN s2.payment_error_code = 'insufficientFunds' THEN 'insufficientFunds' ELSE 'declined' END,
			'retrying', false)
		ELSE jsonb_build_object('status', CASE WHEN s2.is_renewal_cancelled OR p.id IS NULL THEN 'renewalCancelled' ELSE 'paid' END,
			'plan', jsonb_build_object('id', coalesce(p.id, s2.payment_plan_id, 0), 'months', coalesce(p.months, 1),
				'amountCents', coalesce(p.price_cents + (p.price_cents * p.vat_basis_points + 5000) / 10000, 1)),
			'periodStart', to_char(s2.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
			'periodEnd', to_char(s2.current_period_end AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'))
			|| CASE WHEN s2.is_renewal_cancelled OR p.id IS NULL THEN '{}'::jsonb ELSE jsonb_build_object('reminded', false, 'renewal', null) END
	END AS state
	FROM "subscriptions" AS s2 LEFT JOIN "payment_plans" AS p ON p.id = s2.payment_plan_id
	WHERE s2.state IS NULL
) AS x
WHERE x.id = s.id;--> statement-breakpoint
UPDATE "subscriptions" SET "smart_until" = NULL WHERE "state"->>'status' = 'freemium';--> statement-breakpoint
-- Early adopters are a state of the rules like any other: a club the admin made one holds it in its row.
INSERT INTO "subscriptions" ("club_id", "kind", "current_period_end", "state", "smart_until")
	SELECT "id", 'paid', now(), '{"status":"earlyAdopter"}'::jsonb, '9999-12-31T00:00:00Z' FROM "clubs" WHERE "free_forever"
	ON CONFLICT ("club_id") DO UPDATE SET "state" = excluded."state", "smart_until" = '9999-12-31T00:00:00Z',
		"is_payment_pending" = false, "is_renewal_cancelled" = false, "payment_failed_at" = NULL;--> statement-breakpoint
UPDATE "subscriptions" SET "smart_until" = '9999-12-31T00:00:00Z' WHERE "state"->>'status' = 'earlyAdopter';--> statement-breakpoint
ALTER TABLE "subscriptions" ALTER COLUMN "state" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "sdi_code" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "pec" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "fiscal_code" text;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "vat_check" jsonb;--> statement-breakpoint
ALTER TABLE "clubs" ADD COLUMN "smart_settings_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_methods" ADD COLUMN "expiry_reminded_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_refund_id_refunds_id_fk" FOREIGN KEY ("refund_id") REFERENCES "public"."refunds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "e_invoice_transmissions" ADD CONSTRAINT "e_invoice_transmissions_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_club_id_clubs_id_fk" FOREIGN KEY ("club_id") REFERENCES "public"."clubs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_charge_id_charges_id_fk" FOREIGN KEY ("charge_id") REFERENCES "public"."charges"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "refunds" ADD CONSTRAINT "refunds_requested_by_accounts_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."accounts"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_year_sequence_index" ON "credit_notes" USING btree ("year","sequence");--> statement-breakpoint
CREATE INDEX "credit_notes_club_id_index" ON "credit_notes" USING btree ("club_id");--> statement-breakpoint
CREATE UNIQUE INDEX "e_invoice_transmissions_document_kind_document_id_index" ON "e_invoice_transmissions" USING btree ("document_kind","document_id");--> statement-breakpoint
CREATE INDEX "e_invoice_transmissions_status_index" ON "e_invoice_transmissions" USING btree ("status");--> statement-breakpoint
CREATE INDEX "e_invoice_transmissions_club_id_index" ON "e_invoice_transmissions" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "refunds_club_id_index" ON "refunds" USING btree ("club_id");--> statement-breakpoint
CREATE INDEX "refunds_charge_id_index" ON "refunds" USING btree ("charge_id");--> statement-breakpoint
-- A club that is Smart today keeps what it has; from now on becoming Smart turns on the Smart settings.
UPDATE "clubs" SET "smart_settings_off" = array_remove(ARRAY[
	CASE WHEN NOT "pdf_menu_enabled" THEN 'pdfMenuEnabled' END,
	CASE WHEN NOT "banner_update_enabled" THEN 'bannerUpdateEnabled' END], NULL)
	WHERE "id" IN (SELECT "club_id" FROM "subscriptions" WHERE "smart_until" > now() OR "state"->>'status' = 'earlyAdopter');