import { Button, Dialog, type ButtonProps, type DialogProps } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * A small button in a list row that opens a dialog; clicks on either stop at them, so the row's
 * own click (opening the record) does not fire as well.
 */
export function RowDialogButton({
  label,
  buttonProps,
  open,
  setOpen,
  children,
  ...dialogProps
}: {
  label: ReactNode;
  buttonProps?: Omit<ButtonProps, 'onClick'>;
  open: boolean;
  setOpen: (open: boolean) => void;
  children: ReactNode;
} & Omit<DialogProps, 'open' | 'onClose' | 'onClick' | 'children'>) {
  return (
    <>
      <Button
        size="small"
        {...buttonProps}
        onClick={(e) => {
          e.stopPropagation();
          setOpen(true);
        }}
      >
        {label}
      </Button>
      <Dialog
        open={open}
        onClose={() => setOpen(false)}
        onClick={(e) => e.stopPropagation()}
        fullWidth
        maxWidth="sm"
        {...dialogProps}
      >
        {children}
      </Dialog>
    </>
  );
}
