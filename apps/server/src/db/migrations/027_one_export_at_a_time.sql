-- One export in preparation per person: two requests at the same moment used to pass the check
-- "none is being prepared" together and queue two ZIP jobs. Of any such pairs left behind, the
-- newest goes on; the others are marked failed.
UPDATE data_exports d SET status = 'failed'
 WHERE status = 'preparing'
   AND EXISTS (SELECT 1 FROM data_exports e
                WHERE e.user_id = d.user_id AND e.status = 'preparing'
                  AND (e.created_at, e.id) > (d.created_at, d.id));
CREATE UNIQUE INDEX data_exports_one_preparing ON data_exports (user_id) WHERE status = 'preparing';
