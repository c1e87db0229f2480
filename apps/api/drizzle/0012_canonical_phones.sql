CREATE TABLE "phone_duplicates" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"canonical_phone" text NOT NULL,
	"found_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "phone_duplicates" ADD CONSTRAINT "phone_duplicates_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "phone_duplicates_canonical_phone_index" ON "phone_duplicates" USING btree ("canonical_phone");