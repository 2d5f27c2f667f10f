ALTER TABLE "lobby_entries" ADD COLUMN "world_id" text;--> statement-breakpoint
ALTER TABLE "worlds" ADD COLUMN "state" text DEFAULT 'open' NOT NULL;--> statement-breakpoint
ALTER TABLE "worlds" ADD COLUMN "max_players" integer;--> statement-breakpoint
CREATE INDEX "lobby_entries_world_idx" ON "lobby_entries" USING btree ("world_id") WHERE "lobby_entries"."seated_at" is not null;--> statement-breakpoint
-- Seats held before worlds were many are all in the one world there was.
UPDATE "lobby_entries" SET "world_id" = 'default' WHERE "seated_at" IS NOT NULL;