import {
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  type ButtonProps,
} from '@mui/material';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useNotify, useRefresh } from 'react-admin';
import { useCabinetTranslate, type MessageKey } from '../i18n/translate';
import { RowDialogButton } from './RowDialogButton';

/**
 * A moderator's action that asks for a reason first (a rejection, a declined listing, a call's
 * note): the dialog's text goes to `run`; a required reason of at least 3 characters, as the
 * server asks. The lists refresh after it.
 */
export function ReasonButton({
  label,
  reasonLabel,
  done,
  run,
  required = true,
  hint,
  color = 'primary',
  variant = 'text',
}: {
  label: MessageKey;
  reasonLabel: MessageKey;
  /** what the field's text is for (who reads it), under the field */
  hint?: MessageKey;
  done: MessageKey;
  run: (reason: string) => Promise<unknown>;
  required?: boolean;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
}) {
  const translate = useCabinetTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState('');
  const mutation = useMutation({
    mutationFn: () => run(reason.trim()),
    onSuccess: () => {
      notify(done, { type: 'success' });
      setOpen(false);
      setReason('');
      refresh();
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  const tooShort = required && reason.trim().length < 3;
  return (
    <RowDialogButton label={translate(label)} buttonProps={{ color, variant }} open={open} setOpen={setOpen}>
      <DialogTitle>{translate(label)}</DialogTitle>
      <DialogContent>
        <TextField
          label={translate(reasonLabel)}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          required={required}
          helperText={hint ? translate(hint) : required ? translate('moderation.reasonHint') : ' '}
          fullWidth
          multiline
          minRows={3}
          autoFocus
          sx={{ mt: 1 }}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={() => setOpen(false)}>{translate('moderation.back')}</Button>
        <Button
          color={color}
          variant="contained"
          disabled={tooShort || (required && !reason.trim()) || mutation.isPending}
          onClick={() => mutation.mutate()}
        >
          {translate(label)}
        </Button>
      </DialogActions>
    </RowDialogButton>
  );
}

/** A moderator's action without a question: runs, says it is done, refreshes what is shown. */
export function ActionButton({
  label,
  done,
  run,
  color = 'primary',
  variant = 'outlined',
}: {
  label: MessageKey;
  done: MessageKey;
  run: () => Promise<unknown>;
  color?: ButtonProps['color'];
  variant?: ButtonProps['variant'];
}) {
  const translate = useCabinetTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const mutation = useMutation({
    mutationFn: run,
    onSuccess: () => {
      notify(done, { type: 'success' });
      refresh();
    },
    onError: (error) => notify(error.message, { type: 'error' }),
  });
  return (
    <Button
      size="small"
      color={color}
      variant={variant}
      disabled={mutation.isPending}
      onClick={(e) => {
        e.stopPropagation();
        mutation.mutate();
      }}
    >
      {translate(label)}
    </Button>
  );
}
