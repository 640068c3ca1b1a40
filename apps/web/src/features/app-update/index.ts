export { UpdatePrompt } from './components/update-prompt';
