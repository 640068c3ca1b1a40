/**
 * What `unreadDMs` counts (docs/product/messages.md): the person's conversations holding at least
 * one message from the other person sent after they last opened it and not hidden by a moderator; conversations with a deleted
 * account are left out, as the list leaves them out. Written once, in SQL, for the badge's
 * single statement (notifications) and for the dms module itself. `user` is a uuid expression.
 */
export function unreadConversationsFor(user: string): string {
  return `(SELECT count(*)::int FROM dm_members um JOIN users uo ON uo.id = um.other_id
    WHERE um.user_id = ${user} AND um.last_message_at IS NOT NULL AND uo.status <> 'Deleted'
      AND EXISTS (SELECT 1 FROM dm_messages ux
                   WHERE ux.conversation_id = um.conversation_id AND ux.seq > um.read_seq
                     AND ux.sender_id = um.other_id AND ux.hidden_at IS NULL))`;
}
