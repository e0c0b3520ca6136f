import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, TextField } from '@mui/material';
import { useState } from 'react';
import { ApiError } from '@estate/client';

/** what the reason says until the guest writes their own */
const DEFAULT_REASON = 'Изменились планы';

/**
 * «Отменить бронирование» with a reason, a guest's (by the link's key) or a signed-in user's: the
 * dialog stays while the cancellation goes and says why it was refused; it closes once it is done.
 * Mounted when opened, so each opening starts from the default reason.
 */
export function CancelBookingDialog({
  onCancel,
  onClose,
}: {
  /** cancels with the reason; a refusal is thrown (ApiError) */
  onCancel: (reason: string) => Promise<unknown>;
  onClose: () => void;
}) {
  const [reason, setReason] = useState(DEFAULT_REASON);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancel = async () => {
    setPending(true);
    setError(null);
    try {
      await onCancel(reason.trim());
      onClose();
    } catch (e) {
      setError(e instanceof ApiError ? e.text : 'Не удалось отменить заявку');
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog open onClose={() => !pending && onClose()} fullWidth maxWidth="xs">
      <DialogTitle>Отменить бронирование</DialogTitle>
      <DialogContent>
        <TextField
          label="Причина"
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          fullWidth
          multiline
          minRows={2}
          sx={{ mt: 1 }}
        />
        {error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {error}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={pending}>
          Назад
        </Button>
        <Button color="error" disabled={!reason.trim() || pending} onClick={() => void cancel()}>
          Отменить бронирование
        </Button>
      </DialogActions>
    </Dialog>
  );
}
