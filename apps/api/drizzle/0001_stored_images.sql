ALTER TABLE "stored_files" DROP CONSTRAINT "stored_files_key_unique";--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "width" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ALTER COLUMN "height" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "purpose" text NOT NULL;--> statement-breakpoint
ALTER TABLE "stored_files" ADD COLUMN "variants" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "stored_files_club_id_key_index" ON "stored_files" USING btree ("club_id","key");