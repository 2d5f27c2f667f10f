CREATE TABLE "settlement_notices" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "settlement_notices_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"settlement_id" integer NOT NULL,
	"world_id" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "settlement_notices" ADD CONSTRAINT "settlement_notices_settlement_id_settlements_id_fk" FOREIGN KEY ("settlement_id") REFERENCES "public"."settlements"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "settlement_notices_settlement_idx" ON "settlement_notices" USING btree ("settlement_id","at");--> statement-breakpoint
CREATE INDEX "settlement_notices_at_idx" ON "settlement_notices" USING btree ("at");