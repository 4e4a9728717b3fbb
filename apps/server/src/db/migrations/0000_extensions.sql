-- Later modules need an exclusion constraint (btree_gist), distance search (cube, earthdistance)
-- and fuzzy text search (pg_trgm). PGlite loads the same extensions in the client.
CREATE EXTENSION IF NOT EXISTS btree_gist;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS cube;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS earthdistance;--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
