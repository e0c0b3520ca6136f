import { Stack } from '@mui/material';
import { Title } from 'react-admin';
import { useSearchParams } from 'react-router-dom';
import { ChatView } from '@estate/client/chatView';
import { useGetIdentity } from 'react-admin';

/**
 * «Чаты» of the cabinet (issue 15): the chats about the listings of the signed-in agent (an owner:
 * of the whole agency) and their own, live, through the same view as the site's /chat; the chosen
 * chat is the address (`#/chats?chatId=`), so «Открыть чат» of a booking request opens it.
 */
export function ChatsPage() {
  const { identity } = useGetIdentity();
  const [params, setParams] = useSearchParams();
  if (!identity) return null;
  return (
    <Stack spacing={2} sx={{ mt: 2, minWidth: 0 }}>
      <Title title="cabinet.chats.title" />
      <ChatView
        userId={String(identity.id)}
        chatId={params.get('chatId')}
        adId={null}
        onChoose={(chatId) => setParams(chatId ? { chatId } : {})}
      />
    </Stack>
  );
}
