ALTER TABLE "buildings" DROP CONSTRAINT "buildings_subtype_ck";--> statement-breakpoint
ALTER TABLE "settlements" ADD COLUMN "level" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "buildings" ADD CONSTRAINT "buildings_subtype_ck" CHECK (("buildings"."type" = 'container') = ("buildings"."subtype" is not null));