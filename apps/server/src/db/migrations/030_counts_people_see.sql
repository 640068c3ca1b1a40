-- A post's counters hold what everyone may see in the lists beside them
-- (docs/product/posts-and-feed.md#counts): smiles, hums and comments of people whose account is
-- not deactivated, and comments that are not hidden. Until now they also held deactivated
-- people's reactions and hidden comments; counted again once from the rows.
UPDATE posts p SET
  smile_count = (SELECT count(*) FROM smiles s JOIN users u ON u.id = s.user_id
                  WHERE s.post_id = p.id AND u.status <> 'Deleted'),
  hum_count = (SELECT count(*) FROM hums h JOIN users u ON u.id = h.user_id
                WHERE h.post_id = p.id AND u.status <> 'Deleted'),
  comment_count = (SELECT count(*) FROM comments c JOIN users u ON u.id = c.author_id
                    WHERE c.post_id = p.id AND u.status <> 'Deleted' AND c.hidden_at IS NULL);
