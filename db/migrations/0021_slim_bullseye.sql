ALTER TABLE "storage_ledger" ALTER COLUMN "settlement_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "storage_ledger" ADD COLUMN "world_id" text;--> statement-breakpoint
UPDATE "storage_ledger" l SET "world_id" = s."world_id" FROM "settlements" s WHERE s."id" = l."settlement_id";--> statement-breakpoint
ALTER TABLE "storage_ledger" ALTER COLUMN "world_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "storage_ledger" ADD COLUMN "source" text DEFAULT 'storage' NOT NULL;--> statement-breakpoint
ALTER TABLE "storage_ledger" ADD COLUMN "user_id" text;--> statement-breakpoint
ALTER TABLE "storage_ledger" ADD CONSTRAINT "storage_ledger_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "storage_ledger_user_idx" ON "storage_ledger" USING btree ("user_id","at");--> statement-breakpoint
ALTER TABLE "storage_ledger" ADD CONSTRAINT "storage_ledger_source_ck" CHECK ("storage_ledger"."source" = 'pack' or "storage_ledger"."settlement_id" is not null);