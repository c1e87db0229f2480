CREATE TABLE "rate_limits" (
	"kind" text NOT NULL,
	"key_hash" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limits_kind_key_hash_pk" PRIMARY KEY("kind","key_hash")
);
--> statement-breakpoint
CREATE INDEX "rate_limits_kind_window_start_index" ON "rate_limits" USING btree ("kind","window_start");