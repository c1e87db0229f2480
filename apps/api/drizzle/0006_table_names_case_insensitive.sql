DROP INDEX "club_tables_club_id_name_index";--> statement-breakpoint
DROP INDEX "table_zones_club_id_name_index";--> statement-breakpoint
-- Names that differed only in case were allowed before: the later ones get their id appended, so the indexes can be built.
UPDATE "club_tables" AS "later" SET "name" = "later"."name" || ' (' || "later"."id" || ')' WHERE EXISTS (SELECT 1 FROM "club_tables" AS "earlier" WHERE "earlier"."club_id" = "later"."club_id" AND lower("earlier"."name") = lower("later"."name") AND "earlier"."id" < "later"."id");--> statement-breakpoint
UPDATE "table_zones" AS "later" SET "name" = "later"."name" || ' (' || "later"."id" || ')' WHERE EXISTS (SELECT 1 FROM "table_zones" AS "earlier" WHERE "earlier"."club_id" = "later"."club_id" AND lower("earlier"."name") = lower("later"."name") AND "earlier"."id" < "later"."id");--> statement-breakpoint
CREATE UNIQUE INDEX "club_tables_club_id_lower_name_index" ON "club_tables" USING btree ("club_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "table_zones_club_id_lower_name_index" ON "table_zones" USING btree ("club_id",lower("name"));
