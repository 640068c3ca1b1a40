// The screens of messages, one chunk loaded when the first of them opens.
export { ConversationsPage } from './routes/conversations-page';
export { NewConversationPage } from './routes/new-conversation-page';
export { ThreadPage } from './routes/thread-page';
