CREATE TABLE "forage_cooldowns" (
	"user_id" text NOT NULL,
	"world_id" text NOT NULL,
	"tile_x" integer NOT NULL,
	"tile_y" integer NOT NULL,
	"foraged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "forage_cooldowns_user_id_world_id_tile_x_tile_y_pk" PRIMARY KEY("user_id","world_id","tile_x","tile_y")
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "inventory_items_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"world_id" text NOT NULL,
	"item_name" text NOT NULL,
	"quality" integer NOT NULL,
	"quantity" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_stack_uq" UNIQUE("user_id","world_id","item_name","quality")
);
--> statement-breakpoint
CREATE TABLE "npc_spawn_signals" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "npc_spawn_signals_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"world_id" text NOT NULL,
	"poi_id" text NOT NULL,
	"npc_name" text NOT NULL,
	"npc_description" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "poi_states" (
	"world_id" text NOT NULL,
	"poi_id" text NOT NULL,
	"current_significance" integer NOT NULL,
	"has_shelter" boolean DEFAULT false NOT NULL,
	"changed_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "poi_states_world_id_poi_id_pk" PRIMARY KEY("world_id","poi_id")
);
--> statement-breakpoint
ALTER TABLE "forage_cooldowns" ADD CONSTRAINT "forage_cooldowns_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "npc_spawn_signals" ADD CONSTRAINT "npc_spawn_signals_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "npc_spawn_signals_user_idx" ON "npc_spawn_signals" USING btree ("user_id","world_id","created_at");