DROP INDEX "chat_messages_world_idx";--> statement-breakpoint
ALTER TABLE "chat_messages" ADD COLUMN "channel" text DEFAULT 'radio' NOT NULL;--> statement-breakpoint
CREATE INDEX "chat_messages_world_idx" ON "chat_messages" USING btree ("world_id","channel","id");