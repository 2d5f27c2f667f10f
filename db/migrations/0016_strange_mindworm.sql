CREATE TABLE "raids" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "raids_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"settlement_id" integer NOT NULL,
	"world_id" text NOT NULL,
	"night" integer NOT NULL,
	"warned_at" timestamp with time zone NOT NULL,
	"arrived_at" timestamp with time zone NOT NULL,
	"strength" integer NOT NULL,
	"defence" integer NOT NULL,
	"outcome" text NOT NULL,
	"losses" jsonb NOT NULL,
	"ammo_spent" integer NOT NULL,
	"injured" jsonb NOT NULL,
	CONSTRAINT "raids_night_uq" UNIQUE("settlement_id","night")
);
--> statement-breakpoint
CREATE TABLE "storage_ledger" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"settlement_id" integer NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"reason" text NOT NULL,
	"item_name" text NOT NULL,
	"quality" integer NOT NULL,
	"quantity" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "seed" integer DEFAULT floor(random() * 2147483647)::int NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "sim_due_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "upkeep_day" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "raid_night" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "raid_warn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "raid_arrive_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "raid_strength" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "raid_warned" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "last_raid_night" integer;--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "last_raid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "npcs" ADD COLUMN "injured_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "npcs" ADD COLUMN "unfed_days" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "raids" ADD CONSTRAINT "raids_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_ledger" ADD CONSTRAINT "storage_ledger_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "raids_settlement_idx" ON "raids" USING btree ("settlement_id","id");--> statement-breakpoint
CREATE INDEX "storage_ledger_settlement_idx" ON "storage_ledger" USING btree ("settlement_id","at");--> statement-breakpoint
CREATE INDEX "settlements_sim_due_idx" ON "settlements" USING btree ("sim_due_at");