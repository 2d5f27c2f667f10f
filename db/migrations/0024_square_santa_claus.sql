ALTER TABLE "npc_spawn_signals" ADD COLUMN "npc_skills" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "npcs" ADD COLUMN "skills" text[] DEFAULT '{}'::text[] NOT NULL;