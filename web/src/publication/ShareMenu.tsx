import CheckIcon from '@mui/icons-material/Check';
import LinkIcon from '@mui/icons-material/Link';
import TelegramIcon from '@mui/icons-material/Telegram';
import { Box, ListItemIcon, ListItemText, Menu, MenuItem } from '@mui/material';
import { useEffect, useState } from 'react';

/** product.md: the copied link is confirmed for 1 s */
export const COPIED_FOR_MS = 1000;

/** The networks' share pages: VK, Одноклассники, Telegram. */
export function shareLinks(url: string, title: string) {
  const u = encodeURIComponent(url);
  const t = encodeURIComponent(title);
  return [
    { name: 'ВКонтакте', mark: 'VK', color: '#0077FF', href: `https://vk.com/share.php?url=${u}&title=${t}` },
    {
      name: 'Одноклассники',
      mark: 'OK',
      color: '#EE8208',
      href: `https://connect.ok.ru/offer?url=${u}&title=${t}`,
    },
    { name: 'Telegram', mark: null, color: '#229ED9', href: `https://t.me/share/url?url=${u}&text=${t}` },
  ];
}

/** The clipboard, or (an older browser, a page not allowed to) a selected text field's copy. */
async function copyText(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    return;
  } catch {
    const field = document.createElement('textarea');
    field.value = text;
    field.setAttribute('readonly', '');
    field.style.position = 'fixed';
    field.style.opacity = '0';
    document.body.appendChild(field);
    field.select();
    document.execCommand('copy');
    field.remove();
  }
}

/** The listing's «Поделиться» menu (its own chunk): copy the link, or share it to VK, OK or Telegram. */
export default function ShareMenu({
  open,
  onClose,
  anchorEl,
  url,
  title,
}: {
  open: boolean;
  onClose: () => void;
  anchorEl: HTMLElement | null;
  url: string;
  title: string;
}) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <Menu
      open={open}
      onClose={onClose}
      anchorEl={anchorEl}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'left' }}
      transformOrigin={{ vertical: 'top', horizontal: 'left' }}
      slotProps={{ list: { 'aria-label': 'Поделиться' } }}
    >
      <MenuItem
        onClick={() => {
          void copyText(url).then(() => setCopied(true));
        }}
        sx={{ minWidth: 240 }}
      >
        <ListItemIcon>{copied ? <CheckIcon color="success" /> : <LinkIcon />}</ListItemIcon>
        <ListItemText aria-live="polite">{copied ? 'Ссылка скопирована' : 'Скопировать ссылку'}</ListItemText>
      </MenuItem>
      {shareLinks(url, title).map((network) => (
        <MenuItem
          key={network.name}
          component="a"
          href={network.href}
          target="_blank"
          rel="noopener noreferrer"
          onClick={onClose}
        >
          <ListItemIcon>
            {network.mark ? (
              <Box
                component="span"
                aria-hidden
                sx={{
                  width: 24,
                  height: 24,
                  borderRadius: 1,
                  bgcolor: network.color,
                  color: 'common.white',
                  fontSize: 11,
                  fontWeight: 700,
                  display: 'inline-flex',
                  alignItems: 'center',
                  justifyContent: 'center',
                }}
              >
                {network.mark}
              </Box>
            ) : (
              <TelegramIcon sx={{ color: network.color }} />
            )}
          </ListItemIcon>
          <ListItemText>{network.name}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}
