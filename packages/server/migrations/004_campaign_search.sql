-- Campaign list search (q matches name or slug with ILIKE) over trigram indexes. pg_trgm is a
-- trusted extension (PostgreSQL 13+), and PGlite loads it at open.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
CREATE INDEX campaigns_name_trgm ON campaigns USING gin (name gin_trgm_ops);
CREATE INDEX campaigns_slug_trgm ON campaigns USING gin (slug gin_trgm_ops);
