CREATE TABLE "bed_invitations" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "bed_invitations_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"world_id" text NOT NULL,
	"settlement_id" integer NOT NULL,
	"bed_id" integer NOT NULL,
	"from_user_id" text NOT NULL,
	"invitee_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bed_invitations_bed_uq" UNIQUE("bed_id")
);
--> statement-breakpoint
CREATE TABLE "player_equipment" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "player_equipment_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"user_id" text NOT NULL,
	"world_id" text NOT NULL,
	"slot" text NOT NULL,
	"item_name" text NOT NULL,
	"quality" integer NOT NULL,
	"equipped_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "player_equipment_slot_uq" UNIQUE("user_id","world_id","slot")
);
--> statement-breakpoint
ALTER TABLE "bed_invitations" ADD CONSTRAINT "bed_invitations_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_invitations" ADD CONSTRAINT "bed_invitations_bed_id_buildings_id_fk" FOREIGN KEY ("bed_id") REFERENCES "public"."buildings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_invitations" ADD CONSTRAINT "bed_invitations_from_user_id_users_id_fk" FOREIGN KEY ("from_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bed_invitations" ADD CONSTRAINT "bed_invitations_invitee_id_users_id_fk" FOREIGN KEY ("invitee_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "player_equipment" ADD CONSTRAINT "player_equipment_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bed_invitations_invitee_idx" ON "bed_invitations" USING btree ("invitee_id","world_id");