import {
  Badge,
  Card,
  CardContent,
  Link,
  List,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router';
import { chatList, preview, unreadBadge, type ChatListItemDto } from '@estate/client';

/** product.md, Chat: the account shows the first 3 chats, or 'Нет активных чатов'. */
export function ChatsWidget() {
  const [chats, setChats] = useState<ChatListItemDto[] | null>(null);
  useEffect(() => {
    let live = true;
    chatList(1)
      .then((answer) => live && setChats(answer.data.slice(0, 3)))
      .catch(() => live && setChats([]));
    return () => {
      live = false;
    };
  }, []);
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography variant="h6" fontWeight={700}>
          <Link component={RouterLink} to="/chat" underline="hover" color="inherit">
            Сообщения
          </Link>
        </Typography>
        {chats?.length === 0 && <Typography color="text.secondary">Нет активных чатов</Typography>}
        {chats && chats.length > 0 && (
          <List dense disablePadding>
            {chats.map((chat) => (
              <ListItemButton
                key={chat.id}
                component={RouterLink}
                to={`/chat?chatId=${encodeURIComponent(chat.id)}`}
              >
                <ListItemText
                  primary={`${chat.chatMemberName} · ${chat.ad.title}`}
                  secondary={preview(chat.lastMessageText)}
                />
                {chat.unreadMessageCount > 0 && (
                  <Badge
                    color="primary"
                    badgeContent={unreadBadge(chat.unreadMessageCount)}
                    sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
                  />
                )}
              </ListItemButton>
            ))}
          </List>
        )}
      </CardContent>
    </Card>
  );
}
