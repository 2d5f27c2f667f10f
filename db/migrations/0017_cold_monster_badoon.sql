CREATE TABLE "craft_jobs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "craft_jobs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"settlement_id" integer NOT NULL,
	"world_id" text NOT NULL,
	"crafter_id" text,
	"recipe_id" text NOT NULL,
	"quantity" integer NOT NULL,
	"quality" integer NOT NULL,
	"work_ms" integer NOT NULL,
	"inputs" jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"ready_at" timestamp with time zone
);
--> statement-breakpoint
DROP INDEX "npcs_idle_worker_idx";--> statement-breakpoint
ALTER TABLE "craft_jobs" ADD CONSTRAINT "craft_jobs_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "craft_jobs" ADD CONSTRAINT "craft_jobs_crafter_id_users_id_fk" FOREIGN KEY ("crafter_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "craft_jobs_settlement_idx" ON "craft_jobs" USING btree ("settlement_id","id");--> statement-breakpoint
CREATE INDEX "npcs_idle_worker_idx" ON "npcs" USING btree ("id") WHERE "npcs"."phase" is null and "npcs"."assignment" not in ('defend', 'craft');