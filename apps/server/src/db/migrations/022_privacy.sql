-- Privacy settings (docs/product/profiles.md#privacy), changed on /settings/privacy.

-- A private profile: people who are not mutual vibers with the person see only their name,
-- username and picture (and what they share publicly); bio, voice intro, interests, badges and
-- figures are left out. The person and their mutual vibers see it in full.
ALTER TABLE users ADD COLUMN private_profile boolean NOT NULL DEFAULT false;

-- Whether other people see the person's figures on their profile and their check-in calendars;
-- the person always sees their own. The leaderboard follows hide_from_leaderboard instead.
ALTER TABLE users ADD COLUMN show_stats boolean NOT NULL DEFAULT true;
