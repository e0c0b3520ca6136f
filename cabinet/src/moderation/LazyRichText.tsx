import type { InputProps } from 'react-admin';
import RichTextEditor from './RichTextEditor';

/**
 * The rich-text editor (tiptap) comes with the moderators' chunk (moderation/screens.ts), which the
 * cabinet loads on a moderator's first screen: never with the dashboard's entry. A chunk of its own
 * split the shared chunks of the agency's screens further (about 6 kB more of the dashboard's).
 */
export function RichText(props: InputProps) {
  return <RichTextEditor {...props} />;
}
