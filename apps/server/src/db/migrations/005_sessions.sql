-- One row per sign-in on a device: what the devices screen lists, and what access tokens name
-- (their `sid` claim), so ending it ends them at once. A refresh-token chain belongs to one.
CREATE TABLE sessions (
  id uuid PRIMARY KEY,
  user_id uuid NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  -- The device as it described itself at sign-in.
  device_id text NOT NULL,
  device_name text NOT NULL,
  device_type text NOT NULL,
  device_os text NOT NULL,
  device_browser text NOT NULL,
  created_at timestamptz NOT NULL,
  last_used_at timestamptz NOT NULL,
  -- The end of the sign-in whatever its rotations (90 days after it).
  expires_at timestamptz NOT NULL,
  -- The end of its current refresh token (30 days or 1 day after the last rotation), capped by
  -- expires_at.
  idle_expires_at timestamptz NOT NULL,
  revoked_at timestamptz
);
CREATE INDEX sessions_user_idx ON sessions (user_id);

-- Every refresh-token family so far becomes a session, its device as last seen.
INSERT INTO sessions (id, user_id, device_id, device_name, device_type, device_os, device_browser,
                      created_at, last_used_at, expires_at, idle_expires_at, revoked_at)
SELECT f.family_id, f.user_id, f.device_id,
       COALESCE(d.name, 'Web browser'), COALESCE(d.type, 'web'), COALESCE(d.os, 'unknown'),
       COALESCE(d.browser, 'unknown'),
       f.created_at, f.last_used_at, f.created_at + interval '90 days',
       LEAST(f.idle_expires_at, f.created_at + interval '90 days'), f.revoked_at
  FROM (SELECT family_id, (array_agg(user_id))[1] AS user_id,
               (array_agg(device_id))[1] AS device_id, min(created_at) AS created_at,
               max(created_at) AS last_used_at, max(expires_at) AS idle_expires_at,
               max(revoked_at) AS revoked_at
          FROM refresh_tokens GROUP BY family_id) f
  LEFT JOIN devices d ON d.user_id = f.user_id AND d.id = f.device_id;

-- The session now holds the device and whether the chain is revoked.
ALTER TABLE refresh_tokens RENAME COLUMN family_id TO session_id;
ALTER INDEX refresh_tokens_family_idx RENAME TO refresh_tokens_session_idx;
ALTER TABLE refresh_tokens
  ADD CONSTRAINT refresh_tokens_session_fk FOREIGN KEY (session_id)
  REFERENCES sessions(id) ON DELETE CASCADE;
ALTER TABLE refresh_tokens DROP COLUMN device_id;
ALTER TABLE refresh_tokens DROP COLUMN revoked_at;
