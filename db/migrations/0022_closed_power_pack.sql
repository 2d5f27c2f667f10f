CREATE TABLE "site_leftovers" (
	"world_id" text NOT NULL,
	"poi_id" text NOT NULL,
	"item_name" text NOT NULL,
	"quality" integer NOT NULL,
	"quantity" bigint NOT NULL,
	CONSTRAINT "site_leftovers_world_id_poi_id_item_name_quality_pk" PRIMARY KEY("world_id","poi_id","item_name","quality")
);
