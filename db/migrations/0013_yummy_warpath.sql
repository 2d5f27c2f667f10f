ALTER TABLE "players" ADD COLUMN "owner_process" text;--> statement-breakpoint
ALTER TABLE "players" ADD COLUMN "owner_until" timestamp with time zone;