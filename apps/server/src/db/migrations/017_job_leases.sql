-- Timed jobs on PostgreSQL (platform/pg-jobs.ts, decision 12): when each job may run next. Every
-- server instance ticks; the one whose claim moves `run_after` forward runs the job, so it runs
-- once per interval across all of them. Unused on PGlite (one process, in-process timers).
CREATE TABLE job_leases (
  -- The primary key's index is the only one: a claim finds and locks the one row by its name.
  name text PRIMARY KEY,
  run_after timestamptz NOT NULL
);
