CREATE TABLE "forage_spots" (
	"user_id" text NOT NULL,
	"world_id" text NOT NULL,
	"tile_x" integer NOT NULL,
	"tile_y" integer NOT NULL,
	"foraged_at" timestamp with time zone NOT NULL,
	CONSTRAINT "forage_spots_user_id_world_id_pk" PRIMARY KEY("user_id","world_id")
);
--> statement-breakpoint
ALTER TABLE "forage_spots" ADD CONSTRAINT "forage_spots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;