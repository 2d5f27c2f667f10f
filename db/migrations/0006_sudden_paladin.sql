CREATE TABLE "lobby_counts" (
	"id" smallint PRIMARY KEY DEFAULT 1 NOT NULL,
	"seated" integer DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "lobby_counts_one_row" CHECK ("lobby_counts"."id" = 1)
);
--> statement-breakpoint
CREATE INDEX "lobby_entries_last_seen_idx" ON "lobby_entries" USING btree ("last_seen_at");--> statement-breakpoint
CREATE INDEX "lobby_entries_queue_idx" ON "lobby_entries" USING btree ("seq") WHERE "lobby_entries"."seated_at" is null;--> statement-breakpoint
-- Written by hand (drizzle-kit knows no triggers): lobby_counts holds how many lobby entries are seated and queued,
-- so admission reads one row instead of counting seats. It starts from the entries already there, and triggers keep
-- it exact in the same transaction as every change to who is in the lobby and whether they are seated.
INSERT INTO "lobby_counts" ("id", "seated", "queued")
SELECT 1, count(*) FILTER (WHERE "seated_at" IS NOT NULL), count(*) FILTER (WHERE "seated_at" IS NULL) FROM "lobby_entries";
--> statement-breakpoint
CREATE FUNCTION "lobby_counts_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  d_seated integer := 0;
  d_queued integer := 0;
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    UPDATE "lobby_counts" SET "seated" = 0, "queued" = 0 WHERE "id" = 1;
    RETURN NULL;
  END IF;
  IF TG_OP <> 'DELETE' THEN
    IF NEW."seated_at" IS NULL THEN d_queued := d_queued + 1; ELSE d_seated := d_seated + 1; END IF;
  END IF;
  IF TG_OP <> 'INSERT' THEN
    IF OLD."seated_at" IS NULL THEN d_queued := d_queued - 1; ELSE d_seated := d_seated - 1; END IF;
  END IF;
  IF d_seated <> 0 OR d_queued <> 0 THEN
    UPDATE "lobby_counts" SET "seated" = "seated" + d_seated, "queued" = "queued" + d_queued WHERE "id" = 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "lobby_counts_on_entry" AFTER INSERT OR DELETE ON "lobby_entries"
FOR EACH ROW EXECUTE FUNCTION "lobby_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "lobby_counts_on_seat" AFTER UPDATE OF "seated_at" ON "lobby_entries"
FOR EACH ROW WHEN ((OLD."seated_at" IS NULL) <> (NEW."seated_at" IS NULL)) EXECUTE FUNCTION "lobby_counts_follow"();
--> statement-breakpoint
CREATE TRIGGER "lobby_counts_on_truncate" AFTER TRUNCATE ON "lobby_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "lobby_counts_follow"();
