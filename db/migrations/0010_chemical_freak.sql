CREATE TABLE "npc_equipment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "npc_equipment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"npc_id" integer NOT NULL,
	"slot" text NOT NULL,
	"item_name" text NOT NULL,
	"quality" integer NOT NULL,
	CONSTRAINT "npc_equipment_slot_uq" UNIQUE("npc_id","slot")
);
--> statement-breakpoint
CREATE TABLE "npc_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "npc_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"npc_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"quality" integer NOT NULL,
	"quantity" bigint NOT NULL,
	CONSTRAINT "npc_items_stack_uq" UNIQUE("npc_id","item_name","quality")
);
--> statement-breakpoint
CREATE TABLE "npcs" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "npcs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"world_id" text NOT NULL,
	"settlement_id" integer NOT NULL,
	"bed_id" integer NOT NULL,
	"owner_id" text,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"assignment" text DEFAULT 'defend' NOT NULL,
	"status" text DEFAULT 'resting' NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"seed" integer NOT NULL,
	"cycle" integer DEFAULT 0 NOT NULL,
	"attempt" integer DEFAULT 0 NOT NULL,
	"cycle_started_at" timestamp with time zone,
	"phase" text,
	"phase_started_at" timestamp with time zone,
	"phase_ends_at" timestamp with time zone,
	"start_x" double precision,
	"start_y" double precision,
	"target_x" double precision,
	"target_y" double precision,
	"target_poi_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "npcs_bed_uq" UNIQUE("bed_id")
);
--> statement-breakpoint
ALTER TABLE "bed_assignments" ADD COLUMN "npc_id" integer;--> statement-breakpoint
ALTER TABLE "npc_equipment" ADD CONSTRAINT "npc_equipment_npc_id_npcs_id_fk" FOREIGN KEY ("npc_id") REFERENCES "public"."npcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npc_items" ADD CONSTRAINT "npc_items_npc_id_npcs_id_fk" FOREIGN KEY ("npc_id") REFERENCES "public"."npcs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npcs" ADD CONSTRAINT "npcs_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npcs" ADD CONSTRAINT "npcs_bed_id_buildings_id_fk" FOREIGN KEY ("bed_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npcs" ADD CONSTRAINT "npcs_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "npcs_settlement_idx" ON "npcs" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "npcs_world_idx" ON "npcs" USING btree ("world_id");--> statement-breakpoint
CREATE INDEX "npcs_due_idx" ON "npcs" USING btree ("phase_ends_at");