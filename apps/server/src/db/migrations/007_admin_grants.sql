-- Admin rights are granted to chosen people by an operator (`npm run admin -- grant`), never by
-- signing up as a founder: the founder code is public.
ALTER TABLE users ADD COLUMN admin_access boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN moderation_tools boolean NOT NULL DEFAULT false;
