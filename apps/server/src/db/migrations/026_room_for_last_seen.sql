-- A person's row and each of their sessions' rows are written about once a minute while they use
-- the app: their last use (written behind the requests, docs/decisions/0008-sessions-as-rows.md).
-- Room left on each page lets that update stay on its page (a HOT update), which writes no index:
-- on `users` there are eight, the trigram index of names among them, whose entries an update
-- that moves the row computes again. Pages written from now on keep the room; older ones gain it
-- as they are rewritten.
ALTER TABLE users SET (fillfactor = 80);
ALTER TABLE sessions SET (fillfactor = 80);
