import { Stack, Typography } from '@mui/material';
import { useSearchParams } from 'react-router';
import { ChatView } from '@estate/client/chatView';
import { SignedIn } from '../auth/SignedIn';

/**
 * /chat (product.md, Chat): the user's chats, 30 a page, and the chosen one's messages, 15 a page
 * with older ones on demand; replies, sending on Enter, and every change live (the chats' socket).
 * `?adId=` with no chat yet about that listing opens a new one, begun by the first message.
 */
export function ChatPage() {
  return <SignedIn>{(profile) => <UserChats userId={profile.id} />}</SignedIn>;
}

/** the chosen chat and the listing to write about are the page's address (?chatId=, ?adId=) */
function UserChats({ userId }: { userId: string }) {
  const [params, setParams] = useSearchParams();
  return (
    <Stack spacing={2}>
      <Typography variant="h4" component="h1" fontWeight={700}>
        Сообщения
      </Typography>
      <ChatView
        userId={userId}
        chatId={params.get('chatId')}
        adId={params.get('adId')}
        onChoose={(chatId) =>
          setParams(chatId ? { chatId } : {}, { replace: Boolean(chatId && params.get('adId')) })
        }
      />
    </Stack>
  );
}
