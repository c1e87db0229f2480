-- Money as integer cents (docs/decisions/0044-plan-catalogue-and-vat.md): the net price moves from a numeric
-- amount to cents, the VAT rate from a numeric percent to basis points, and plans name their currency.
-- Existing rows are converted (euro cents rounded half away from zero); duplicates of one country and
-- duration keep the newest enabled. Nothing in the application wrote this table before this migration.
ALTER TABLE "payment_plans" ADD COLUMN "price_cents" integer;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "vat_basis_points" integer;--> statement-breakpoint
ALTER TABLE "payment_plans" ADD COLUMN "currency" text DEFAULT 'EUR' NOT NULL;--> statement-breakpoint
UPDATE "payment_plans" SET "price_cents" = round("price" * 100)::integer, "vat_basis_points" = round("vat" * 100)::integer;--> statement-breakpoint
UPDATE "payment_plans" SET "enabled" = false WHERE "enabled" AND EXISTS (SELECT 1 FROM "payment_plans" AS "newer" WHERE "newer"."enabled" AND "newer"."iso_country_code" = "payment_plans"."iso_country_code" AND "newer"."months" = "payment_plans"."months" AND "newer"."id" > "payment_plans"."id");--> statement-breakpoint
ALTER TABLE "payment_plans" ALTER COLUMN "price_cents" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_plans" ALTER COLUMN "vat_basis_points" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD COLUMN "payment_failed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "payment_plans_one_enabled_per_country_months" ON "payment_plans" USING btree ("iso_country_code","months") WHERE "payment_plans"."enabled";--> statement-breakpoint
ALTER TABLE "payment_plans" DROP COLUMN "price";--> statement-breakpoint
ALTER TABLE "payment_plans" DROP COLUMN "vat";--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_months" CHECK ("payment_plans"."months" in (1, 12));--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_price_cents" CHECK ("payment_plans"."price_cents" >= 0);--> statement-breakpoint
ALTER TABLE "payment_plans" ADD CONSTRAINT "payment_plans_vat_basis_points" CHECK ("payment_plans"."vat_basis_points" between 0 and 10000);
