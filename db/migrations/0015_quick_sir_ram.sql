CREATE TABLE "data_steps" (
	"name" text PRIMARY KEY NOT NULL,
	"done_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "name_claims" (
	"key" text PRIMARY KEY NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL
);
--> statement-breakpoint
DROP INDEX "settlements_name_uq";--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "name_key" text;--> statement-breakpoint
ALTER TABLE "name_claims" ADD CONSTRAINT "name_claims_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "name_claims_user_idx" ON "name_claims" USING btree ("user_id","kind");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_name_key_uq" ON "settlements" USING btree ("world_id","name_key");