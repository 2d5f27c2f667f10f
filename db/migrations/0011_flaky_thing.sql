CREATE TABLE "npc_forage_cells" (
	"world_id" text NOT NULL,
	"cell_x" integer NOT NULL,
	"cell_y" integer NOT NULL,
	"foraged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "npc_forage_cells_world_id_cell_x_cell_y_pk" PRIMARY KEY("world_id","cell_x","cell_y")
);
--> statement-breakpoint
CREATE INDEX "npc_forage_cells_at_idx" ON "npc_forage_cells" USING btree ("foraged_at");--> statement-breakpoint
CREATE INDEX "npcs_idle_worker_idx" ON "npcs" USING btree ("id") WHERE "npcs"."phase" is null and "npcs"."assignment" <> 'defend';