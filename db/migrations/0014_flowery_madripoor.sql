-- Unlogged: a bucket is worth no WAL flush per request, and a database crash at worst forgives some debts.
CREATE UNLOGGED TABLE "rate_buckets" (
	"key" text PRIMARY KEY NOT NULL,
	"tat" double precision NOT NULL
);
--> statement-breakpoint
DROP INDEX "login_attempts_window_idx";--> statement-breakpoint
ALTER TABLE "login_attempts" ADD COLUMN "window_end" timestamp with time zone;--> statement-breakpoint
-- Every counter so far is a sign-in counter: their windows are 15 minutes.
UPDATE "login_attempts" SET "window_end" = "window_start" + interval '15 minutes';--> statement-breakpoint
ALTER TABLE "login_attempts" ALTER COLUMN "window_end" SET NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_buckets_tat_idx" ON "rate_buckets" USING btree ("tat");--> statement-breakpoint
CREATE INDEX "login_attempts_window_end_idx" ON "login_attempts" USING btree ("window_end");