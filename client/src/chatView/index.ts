export { ChatView } from './ChatView';
