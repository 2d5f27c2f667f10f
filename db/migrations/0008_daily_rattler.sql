CREATE TABLE "bed_assignments" (
	"bed_id" integer PRIMARY KEY NOT NULL,
	"world_id" text NOT NULL,
	"settlement_id" integer NOT NULL,
	"user_id" text,
	"assigned_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bed_assignments_user_uq" UNIQUE("world_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "buildings" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "buildings_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"settlement_id" integer NOT NULL,
	"type" text NOT NULL,
	"subtype" text,
	"name" text NOT NULL,
	"level" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "buildings_subtype_ck" CHECK (("buildings"."type" = 'bed') = ("buildings"."subtype" is null))
);
--> statement-breakpoint
CREATE TABLE "settlements" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlements_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"world_id" text NOT NULL,
	"name" text NOT NULL,
	"shelter_id" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"chunk_x" integer NOT NULL,
	"chunk_y" integer NOT NULL,
	"biome" text NOT NULL,
	"poi_id" text,
	"founder_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "settlements_shelter_uq" UNIQUE("shelter_id")
);
--> statement-breakpoint
CREATE TABLE "shelters" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "shelters_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"world_id" text NOT NULL,
	"tile_x" integer NOT NULL,
	"tile_y" integer NOT NULL,
	"x" double precision NOT NULL,
	"y" double precision NOT NULL,
	"chunk_x" integer NOT NULL,
	"chunk_y" integer NOT NULL,
	"poi_id" text,
	"built_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shelters_tile_uq" UNIQUE("world_id","tile_x","tile_y")
);
--> statement-breakpoint
CREATE TABLE "storage_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "storage_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"building_id" integer NOT NULL,
	"item_name" text NOT NULL,
	"quality" integer NOT NULL,
	"quantity" bigint NOT NULL,
	CONSTRAINT "storage_stack_uq" UNIQUE("building_id","item_name","quality"),
	CONSTRAINT "storage_quantity_ck" CHECK ("storage_items"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "bed_assignments" ADD CONSTRAINT "bed_assignments_bed_id_buildings_id_fk" FOREIGN KEY ("bed_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_assignments" ADD CONSTRAINT "bed_assignments_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_assignments" ADD CONSTRAINT "bed_assignments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_shelter_id_shelters_id_fk" FOREIGN KEY ("shelter_id") REFERENCES "public"."shelters"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "settlements" ADD CONSTRAINT "settlements_founder_id_users_id_fk" FOREIGN KEY ("founder_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shelters" ADD CONSTRAINT "shelters_built_by_users_id_fk" FOREIGN KEY ("built_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "storage_items" ADD CONSTRAINT "storage_items_building_id_buildings_id_fk" FOREIGN KEY ("building_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bed_assignments_settlement_idx" ON "bed_assignments" USING btree ("settlement_id");--> statement-breakpoint
CREATE INDEX "buildings_settlement_idx" ON "buildings" USING btree ("settlement_id");--> statement-breakpoint
CREATE UNIQUE INDEX "settlements_name_uq" ON "settlements" USING btree ("world_id",lower("name"));--> statement-breakpoint
CREATE INDEX "settlements_region_idx" ON "settlements" USING btree ("world_id","chunk_x","chunk_y");--> statement-breakpoint
CREATE INDEX "settlements_founder_idx" ON "settlements" USING btree ("founder_id","world_id");--> statement-breakpoint
CREATE UNIQUE INDEX "shelters_poi_uq" ON "shelters" USING btree ("world_id","poi_id") WHERE "shelters"."poi_id" is not null;--> statement-breakpoint
CREATE INDEX "shelters_region_idx" ON "shelters" USING btree ("world_id","chunk_x","chunk_y");