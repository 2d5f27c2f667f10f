CREATE TABLE "world_seats" (
	"world_id" text PRIMARY KEY NOT NULL,
	"seated" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
-- Written by hand (drizzle-kit knows no triggers): world_seats holds how many lobby entries are seated in each world,
-- so placement reads one row per world instead of counting every seat. It starts from the seats already there, and
-- triggers keep it exact in the same transaction as every change to who is seated where (as lobby_counts, 0006).
INSERT INTO "world_seats" ("world_id", "seated")
SELECT "world_id", count(*) FROM "lobby_entries" WHERE "seated_at" IS NOT NULL AND "world_id" IS NOT NULL GROUP BY "world_id";
--> statement-breakpoint
CREATE FUNCTION "world_seats_follow"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'TRUNCATE' THEN
    DELETE FROM "world_seats";
    RETURN NULL;
  END IF;
  IF TG_OP <> 'INSERT' AND OLD."seated_at" IS NOT NULL AND OLD."world_id" IS NOT NULL THEN
    UPDATE "world_seats" SET "seated" = "seated" - 1 WHERE "world_id" = OLD."world_id";
  END IF;
  IF TG_OP <> 'DELETE' AND NEW."seated_at" IS NOT NULL AND NEW."world_id" IS NOT NULL THEN
    INSERT INTO "world_seats" ("world_id", "seated") VALUES (NEW."world_id", 1)
    ON CONFLICT ("world_id") DO UPDATE SET "seated" = "world_seats"."seated" + 1;
  END IF;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "world_seats_on_entry" AFTER INSERT OR DELETE ON "lobby_entries"
FOR EACH ROW EXECUTE FUNCTION "world_seats_follow"();
--> statement-breakpoint
CREATE TRIGGER "world_seats_on_seat" AFTER UPDATE OF "seated_at", "world_id" ON "lobby_entries"
FOR EACH ROW WHEN ((OLD."seated_at" IS NULL) <> (NEW."seated_at" IS NULL) OR OLD."world_id" IS DISTINCT FROM NEW."world_id")
EXECUTE FUNCTION "world_seats_follow"();
--> statement-breakpoint
CREATE TRIGGER "world_seats_on_truncate" AFTER TRUNCATE ON "lobby_entries"
FOR EACH STATEMENT EXECUTE FUNCTION "world_seats_follow"();
