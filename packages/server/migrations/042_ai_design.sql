-- AI design tools (spec §2 /ai-design, /ai-design/history): one row per run of a tool on one of
-- the seller's uploads. The background job (src/aiDesign/aiDesignJob.ts) moves it from queued
-- to running (progress 0–100) to done, with the result stored as a new upload, or failed with
-- the reason. Sizes are pixels; print_width_in is the print width the quality labels are for.
CREATE TABLE ai_design_jobs (
  id bigserial PRIMARY KEY,
  seller_id bigint NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_by bigint REFERENCES users(id) ON DELETE SET NULL,
  tool text NOT NULL CHECK (tool IN ('remove_background', 'upscale')),
  status text NOT NULL DEFAULT 'queued' CHECK (status IN ('queued', 'running', 'done', 'failed')),
  progress integer NOT NULL DEFAULT 0 CHECK (progress BETWEEN 0 AND 100),
  print_width_in double precision NOT NULL CHECK (print_width_in > 0),
  input_path text NOT NULL,
  input_width integer NOT NULL CHECK (input_width > 0),
  input_height integer NOT NULL CHECK (input_height > 0),
  output_path text,
  output_width integer,
  output_height integer,
  error text,
  created_at timestamptz NOT NULL DEFAULT now(),
  started_at timestamptz,
  finished_at timestamptz
);
CREATE INDEX ai_design_jobs_seller ON ai_design_jobs (seller_id, id DESC);
