import { Stack, TextField } from '@mui/material';
import { useEffect, useRef } from 'react';

/** The spec's code entry: four single-digit fields; a full code is checked after a 500 ms pause. */
export function CodeInput({
  value,
  onChange,
  onComplete,
  error,
  disabled,
}: {
  value: string;
  onChange: (value: string) => void;
  onComplete: (code: string) => void;
  error?: boolean;
  disabled?: boolean;
}) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  // a full code is sent once: a re-render while it is being checked (a new onComplete) must not send it again
  const sent = useRef<string | null>(null);
  // the latest callback, so that a parent's re-render (a countdown ticking every 500 ms, an inline
  // callback) never restarts the pause: only a change of the code does
  const complete = useRef(onComplete);
  useEffect(() => {
    complete.current = onComplete;
  }, [onComplete]);
  useEffect(() => {
    if (value.length !== 4) {
      sent.current = null;
      return;
    }
    if (sent.current === value) return;
    const timer = setTimeout(() => {
      sent.current = value;
      complete.current(value);
    }, 500);
    return () => clearTimeout(timer);
  }, [value]);
  useEffect(() => {
    if (value === '') refs.current[0]?.focus();
  }, [value]);

  const put = (index: number, typed: string) => {
    const digits = typed.replace(/\D/g, '');
    if (!digits) return;
    const next = (value.slice(0, index) + digits).slice(0, 4);
    onChange(next);
    refs.current[Math.min(next.length, 3)]?.focus();
  };
  return (
    <Stack direction="row" spacing={1.5} justifyContent="center" role="group" aria-label="Код из СМС">
      {[0, 1, 2, 3].map((i) => (
        <TextField
          key={i}
          inputRef={(el: HTMLInputElement | null) => {
            refs.current[i] = el;
          }}
          value={value[i] ?? ''}
          disabled={disabled}
          error={error}
          onChange={(e) => put(i, e.target.value.slice(-1))}
          onPaste={(e) => {
            e.preventDefault();
            put(0, e.clipboardData.getData('text'));
          }}
          onKeyDown={(e) => {
            if (e.key === 'Backspace') {
              e.preventDefault();
              const cut = value[i] ? i : Math.max(i - 1, 0);
              onChange(value.slice(0, cut));
              refs.current[cut]?.focus();
            }
          }}
          slotProps={{
            htmlInput: {
              inputMode: 'numeric',
              maxLength: 1,
              'aria-label': `Цифра ${i + 1}`,
              style: { textAlign: 'center', fontSize: 24, width: 36 },
            },
          }}
        />
      ))}
    </Stack>
  );
}
