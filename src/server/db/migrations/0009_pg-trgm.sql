-- Trigram indexes serve the admin's searches (title, email, name: "contains", any case). pg_trgm is a
-- trusted extension on PostgreSQL 13+, and PGlite loads it from its contrib (src/server/db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
