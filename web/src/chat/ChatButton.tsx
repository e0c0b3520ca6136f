import ChatIcon from '@mui/icons-material/ChatBubbleOutline';
import { Button } from '@mui/material';
import { useNavigate } from 'react-router';
import { useSession } from '../auth/session';

/**
 * product.md, listing cards and page: «Написать» opens /chat on this listing's chat (a new one
 * begins with the first message). Hidden on the user's own listing; a guest is asked to sign in.
 */
export function ChatButton({
  publicationId,
  authorId,
  fullWidth,
  variant = 'contained',
}: {
  publicationId: string;
  authorId: string;
  fullWidth?: boolean;
  /** outlined on a card, beside «Показать телефон» */
  variant?: 'contained' | 'outlined';
}) {
  const { profile, openAuth } = useSession();
  const navigate = useNavigate();
  if (profile?.id === authorId) return null;
  return (
    <Button
      variant={variant}
      startIcon={<ChatIcon />}
      fullWidth={fullWidth}
      onClick={() => {
        // navigate answers a promise only in a data router: nothing waits for the move
        if (profile) void navigate(`/chat?adId=${encodeURIComponent(publicationId)}`);
        else openAuth('login');
      }}
    >
      Написать
    </Button>
  );
}
