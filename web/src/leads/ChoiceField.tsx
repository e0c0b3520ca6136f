import { MenuItem, TextField } from '@mui/material';

export type Choice<T> = { value: T; label: string };

/** A request form's select: one of its choices, with the form's error under it once it was tried. */
export function ChoiceField<T extends string | number>({
  label,
  value,
  choices,
  onChange,
  required,
  fullWidth,
  error,
}: {
  label: string;
  value: T | '';
  choices: readonly Choice<T>[];
  onChange: (value: T) => void;
  required?: boolean;
  fullWidth?: boolean;
  error?: string | null;
}) {
  return (
    <TextField
      select
      label={label}
      required={required}
      fullWidth={fullWidth}
      value={value}
      onChange={(e) => {
        const chosen = choices.find((choice) => String(choice.value) === String(e.target.value));
        if (chosen) onChange(chosen.value);
      }}
      error={Boolean(error)}
      helperText={error ?? undefined}
    >
      {choices.map((choice) => (
        <MenuItem key={String(choice.value)} value={choice.value}>
          {choice.label}
        </MenuItem>
      ))}
    </TextField>
  );
}
