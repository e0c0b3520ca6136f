import CloseIcon from '@mui/icons-material/Close';
import { Dialog, DialogContent, DialogTitle, IconButton, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { RequestForm, type RequestFormProps } from './RequestForm';

/** A modal with a title and a close button; closes on Escape, the button or a click outside (product.md). */
export function ModalShell({
  open,
  onClose,
  title,
  subtitle,
  children,
  maxWidth = 'xs',
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: string;
  children: ReactNode;
  /** a form's width by default; wider for cards (the account's summary) */
  maxWidth?: 'xs' | 'md';
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth={maxWidth} aria-labelledby="modal-title">
      <DialogTitle id="modal-title" sx={{ pr: 6 }}>
        {title}
        <IconButton aria-label="Закрыть" onClick={onClose} sx={{ position: 'absolute', right: 8, top: 8 }}>
          <CloseIcon />
        </IconButton>
      </DialogTitle>
      <DialogContent>
        {subtitle && (
          <Typography color="text.secondary" mb={2}>
            {subtitle}
          </Typography>
        )}
        {children}
      </DialogContent>
    </Dialog>
  );
}

/** popup-phone, popup-credit and the subscription: the request form in a modal. */
export default function RequestDialog({
  open,
  onClose,
  title,
  subtitle,
  ...form
}: Omit<RequestFormProps, 'onDone'> & {
  open: boolean;
  onClose: () => void;
  title: string;
  subtitle?: string;
}) {
  return (
    <ModalShell open={open} onClose={onClose} title={title} subtitle={subtitle}>
      <RequestForm {...form} onDone={onClose} />
    </ModalShell>
  );
}
