import ReplyIcon from '@mui/icons-material/Reply';
import SendIcon from '@mui/icons-material/Send';
import {
  Alert,
  Avatar,
  Badge,
  Box,
  Button,
  CircularProgress,
  IconButton,
  List,
  ListItemButton,
  Paper,
  Stack,
  TextField,
  Typography,
  useMediaQuery,
  type Theme,
} from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import {
  chatList,
  chatMessages,
  openChatSocket,
  readChat,
  sendChatMessage,
  chatTime,
  preview,
  unreadBadge,
  type ChatCategory,
  type ChatPush,
} from '../chat';
import { formatPrice } from '../format';
import type { ChatListItemDto, ChatMessageDto } from '../types';

function ChatListItem({
  chat,
  selected,
  onSelect,
}: {
  chat: ChatListItemDto;
  selected: boolean;
  onSelect: () => void;
}) {
  const { roomCount, totalArea } = chat.ad.characteristics;
  return (
    <ListItemButton selected={selected} onClick={onSelect} data-testid="chat-item" alignItems="flex-start">
      <Avatar src={chat.chatMemberAvatarPath ?? undefined} alt={chat.chatMemberName} sx={{ mr: 1.5 }}>
        {chat.chatMemberName.slice(0, 1)}
      </Avatar>
      <Box sx={{ minWidth: 0, flex: 1 }}>
        <Stack direction="row" justifyContent="space-between" spacing={1}>
          <Typography fontWeight={600} noWrap>
            {chat.chatMemberName}
          </Typography>
          <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
            {chatTime(chat.lastMessageCreatedAt)}
          </Typography>
        </Stack>
        {chat.chatMemberAgencyName && (
          <Typography variant="caption" color="text.secondary" display="block" noWrap>
            {chat.chatMemberAgencyName}
          </Typography>
        )}
        <Typography variant="caption" display="block" noWrap>
          {[
            roomCount ? `${roomCount}-комн.` : null,
            formatPrice(chat.ad.price),
            totalArea ? `${totalArea} м²` : null,
          ]
            .filter(Boolean)
            .join(' · ')}
        </Typography>
        <Stack direction="row" justifyContent="space-between" alignItems="center" spacing={1}>
          <Typography variant="body2" color="text.secondary" noWrap>
            {preview(chat.lastMessageText)}
          </Typography>
          {chat.unreadMessageCount > 0 && (
            <Badge
              color="primary"
              badgeContent={unreadBadge(chat.unreadMessageCount)}
              data-testid="chat-unread"
              sx={{ '& .MuiBadge-badge': { position: 'static', transform: 'none' } }}
            />
          )}
        </Stack>
      </Box>
    </ListItemButton>
  );
}

type Thread = { messages: ChatMessageDto[]; page: number; lastPage: number };

/**
 * The chats of product.md (Chat), for the site's /chat and the cabinet's chats alike: the user's
 * chats, 30 a page, and the chosen one's messages, 15 a page with older ones on demand; replies,
 * sending on Enter, and every change live (the chats' socket). `adId` with no chat yet about that
 * listing opens a new one, begun by the first message. The page keeps the choice (its address).
 */
export function ChatView({
  userId,
  chatId,
  adId,
  onChoose,
  category = 'all',
}: {
  userId: string;
  chatId: string | null;
  adId: string | null;
  /** a chat chosen (null: back to the list) */
  onChoose: (chatId: string | null) => void;
  category?: ChatCategory;
}) {
  const narrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('md'));
  const [chats, setChats] = useState<ChatListItemDto[] | null>(null);
  const [listPage, setListPage] = useState({ page: 1, last: 1 });
  const [loaded, setThread] = useState<(Thread & { chatId: string }) | null>(null);
  const [text, setText] = useState('');
  const [replyTo, setReplyTo] = useState<ChatMessageDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const bottom = useRef<HTMLDivElement>(null);
  // «Написать» on a listing the user already has a chat about: that chat is the one to write in
  const existing = adId && !chatId ? (chats?.find((c) => c.ad.id === adId) ?? null) : null;
  const chosenId = chatId ?? existing?.id ?? null;
  const chosen = chats?.find((c) => c.id === chosenId) ?? null;
  const thread = loaded?.chatId === chosenId ? loaded : null;

  const loadChats = useCallback(
    async (page = 1) => {
      const answer = await chatList(page, category);
      setChats((current) => (page === 1 ? answer.data : [...(current ?? []), ...answer.data]));
      setListPage({ page, last: answer.meta.last_page });
    },
    [category],
  );
  useEffect(() => {
    let live = true;
    chatList(1, category)
      .then((answer) => {
        if (!live) return;
        setChats(answer.data);
        setListPage({ page: 1, last: answer.meta.last_page });
      })
      .catch(() => live && setError('Не удалось загрузить чаты'));
    return () => {
      live = false;
    };
  }, [category]);

  // the chosen chat's newest page, read as soon as it shows
  useEffect(() => {
    if (!chosenId) return;
    let live = true;
    void chatMessages(chosenId).then((answer) => {
      if (!live) return;
      setThread({ chatId: chosenId, messages: answer.data, page: 1, lastPage: answer.meta.last_page });
      void readChat(chosenId).then(() =>
        setChats(
          (list) => list?.map((c) => (c.id === chosenId ? { ...c, unreadMessageCount: 0 } : c)) ?? list,
        ),
      );
    });
    return () => {
      live = false;
    };
  }, [chosenId]);
  // a block, not an expression: Chromium's scrollIntoView now answers a promise, which React would take for a clean-up
  useEffect(() => {
    void bottom.current?.scrollIntoView({ block: 'end' });
  }, [thread?.messages.length]);

  // live: a message lands in its chat (and its thread when open); an unknown chat reloads the list
  const onPush = useCallback(
    (push: ChatPush) => {
      if (push.type === 'message') {
        const message: ChatMessageDto = { ...push.message, isMine: push.message.client?.id === userId };
        setChats((list) => {
          if (!list?.some((c) => c.id === push.chatId)) {
            void loadChats();
            return list;
          }
          const open = push.chatId === chosenId;
          const updated = list.map((c) =>
            c.id === push.chatId
              ? {
                  ...c,
                  lastMessageText: message.text,
                  lastMessageCreatedAt: message.createdAt,
                  unreadMessageCount: open ? 0 : push.unreadMessageCount,
                }
              : c,
          );
          return [
            ...updated.filter((c) => c.id === push.chatId),
            ...updated.filter((c) => c.id !== push.chatId),
          ];
        });
        if (push.chatId === chosenId) {
          setThread((t) =>
            t && !t.messages.some((m) => m.id === message.id)
              ? { ...t, messages: [...t.messages, message] }
              : t,
          );
          if (!message.isMine) void readChat(push.chatId);
        }
      } else {
        setChats(
          (list) =>
            list?.map((c) =>
              c.id === push.chatId ? { ...c, unreadMessageCount: push.unreadMessageCount } : c,
            ) ?? list,
        );
      }
    },
    [chosenId, loadChats, userId],
  );
  const pushRef = useRef(onPush);
  useEffect(() => {
    pushRef.current = onPush;
  });
  useEffect(
    () => openChatSocket({ onPush: (p) => pushRef.current(p), onReload: () => void loadChats() }),
    [loadChats],
  );

  const older = async () => {
    if (!chosenId || !thread) return;
    const answer = await chatMessages(chosenId, thread.page + 1);
    setThread({
      ...thread,
      chatId: chosenId,
      page: thread.page + 1,
      messages: [...answer.data, ...thread.messages],
    });
  };

  const send = async () => {
    const body = text.trim();
    const listing = chosen?.ad.id ?? adId;
    if (!body || !listing || sending) return;
    setSending(true);
    setError(null);
    try {
      const { chatId } = await sendChatMessage({
        adId: listing,
        text: body,
        chatId: chosenId,
        replyMessageIds: replyTo ? [replyTo.id] : [],
      });
      setText('');
      setReplyTo(null);
      if (chatId !== chosenId) {
        // the first message began the chat: the lists load again with it chosen
        await loadChats();
        onChoose(chatId);
      }
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setSending(false);
    }
  };

  const showList = !narrow || (!chosenId && !adId);
  const showThread = !narrow || Boolean(chosenId || adId);
  const byId = new Map(thread?.messages.map((m) => [m.id, m]) ?? []);
  return (
    <Stack spacing={2}>
      {error && <Alert severity="error">{error}</Alert>}
      <Stack
        direction="row"
        spacing={2}
        alignItems="stretch"
        // inline-size containment: long names and texts wrap or cut inside the view instead of widening the page
        sx={{ minHeight: 480, minWidth: 0, width: '100%', contain: 'inline-size' }}
      >
        {showList && (
          <Paper variant="outlined" sx={{ width: { xs: '100%', md: 360 }, flexShrink: 0, overflow: 'auto' }}>
            {chats === null ? (
              <Stack alignItems="center" py={4}>
                <CircularProgress aria-label="Загрузка чатов" />
              </Stack>
            ) : chats.length === 0 ? (
              <Typography color="text.secondary" sx={{ p: 2 }}>
                Нет активных чатов
              </Typography>
            ) : (
              <List disablePadding aria-label="Чаты">
                {chats.map((chat) => (
                  <ChatListItem
                    key={chat.id}
                    chat={chat}
                    selected={chat.id === chosenId}
                    onSelect={() => onChoose(chat.id)}
                  />
                ))}
              </List>
            )}
            {listPage.page < listPage.last && (
              <Button fullWidth onClick={() => void loadChats(listPage.page + 1)}>
                Показать ещё
              </Button>
            )}
          </Paper>
        )}
        {showThread && (
          <Paper variant="outlined" sx={{ flex: 1, display: 'flex', flexDirection: 'column', minWidth: 0 }}>
            {chosenId || adId ? (
              <>
                <Stack
                  direction="row"
                  alignItems="center"
                  spacing={1}
                  sx={{ p: 2, borderBottom: 1, borderColor: 'divider' }}
                >
                  {narrow && (
                    <Button size="small" onClick={() => onChoose(null)} sx={{ flexShrink: 0 }}>
                      Все чаты
                    </Button>
                  )}
                  <Typography fontWeight={600} noWrap sx={{ minWidth: 0 }}>
                    {chosen ? `${chosen.chatMemberName} · ${chosen.ad.title}` : 'Новый чат'}
                  </Typography>
                </Stack>
                <Box sx={{ flex: 1, overflow: 'auto', p: 2, maxHeight: 520 }} data-testid="chat-thread">
                  {thread && thread.page < thread.lastPage && (
                    <Button size="small" onClick={() => void older()}>
                      Показать ранние сообщения
                    </Button>
                  )}
                  <Stack spacing={1}>
                    {thread?.messages.map((m) => {
                      const replied = m.replyMessageIds.map((id) => byId.get(id)).filter(Boolean);
                      return (
                        <Box
                          key={m.id}
                          data-testid="chat-message"
                          sx={{
                            alignSelf: m.isMine ? 'flex-end' : 'flex-start',
                            maxWidth: '80%',
                            bgcolor:
                              m.kind === 'text' ? (m.isMine ? 'primary.main' : 'grey.100') : 'warning.light',
                            color: m.isMine && m.kind === 'text' ? 'primary.contrastText' : 'text.primary',
                            borderRadius: 2,
                            px: 1.5,
                            py: 1,
                          }}
                        >
                          {replied.map((r) => (
                            <Typography
                              key={r!.id}
                              variant="caption"
                              display="block"
                              sx={{ opacity: 0.8, borderLeft: 2, pl: 1 }}
                            >
                              {preview(r!.text)}
                            </Typography>
                          ))}
                          {/* plain text: React writes it as text, never as HTML */}
                          <Typography sx={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                            {m.text}
                          </Typography>
                          <Stack direction="row" justifyContent="flex-end" alignItems="center" spacing={0.5}>
                            <Typography variant="caption" sx={{ opacity: 0.8 }}>
                              {chatTime(m.createdAt)}
                            </Typography>
                            {m.kind === 'text' && (
                              <IconButton
                                size="small"
                                aria-label="Ответить"
                                onClick={() => setReplyTo(m)}
                                sx={{ color: 'inherit', p: 0.25 }}
                              >
                                <ReplyIcon fontSize="inherit" />
                              </IconButton>
                            )}
                          </Stack>
                        </Box>
                      );
                    })}
                  </Stack>
                  <div ref={bottom} />
                </Box>
                <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
                  {replyTo && (
                    <Stack direction="row" alignItems="center" spacing={1} mb={1}>
                      <Typography variant="caption" color="text.secondary" noWrap sx={{ flex: 1 }}>
                        Ответ на: {preview(replyTo.text)}
                      </Typography>
                      <Button size="small" onClick={() => setReplyTo(null)}>
                        Отменить
                      </Button>
                    </Stack>
                  )}
                  <Stack direction="row" spacing={1} alignItems="flex-end">
                    <TextField
                      fullWidth
                      multiline
                      maxRows={5}
                      size="small"
                      label="Сообщение"
                      value={text}
                      onChange={(e) => setText(e.target.value.slice(0, 2000))}
                      onKeyDown={(e) => {
                        // Enter sends, Shift+Enter starts a new line
                        if (e.key === 'Enter' && !e.shiftKey) {
                          e.preventDefault();
                          void send();
                        }
                      }}
                    />
                    <IconButton
                      color="primary"
                      aria-label="Отправить"
                      disabled={!text.trim() || sending}
                      onClick={() => void send()}
                    >
                      <SendIcon />
                    </IconButton>
                  </Stack>
                </Box>
              </>
            ) : (
              <Stack alignItems="center" justifyContent="center" sx={{ flex: 1, p: 4 }}>
                <Typography color="text.secondary">Выберите чат</Typography>
              </Stack>
            )}
          </Paper>
        )}
      </Stack>
    </Stack>
  );
}
