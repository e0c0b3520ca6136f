import { Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { ROOM_CHOICES } from './queries';

/** Rooms of a flat (4: four or more), any number of them. */
export function RoomsPicker({ value, onChange }: { value: number[]; onChange: (rooms: number[]) => void }) {
  return (
    <ToggleButtonGroup
      value={value}
      onChange={(_, next: number[]) => onChange([...next].sort((a, b) => a - b))}
      aria-label="Количество комнат"
      size="small"
      sx={{ height: 40, '& .MuiToggleButton-root': { flex: 1, minWidth: 44 } }}
    >
      {ROOM_CHOICES.map((n) => (
        <ToggleButton key={n} value={n} aria-label={n === 4 ? '4 комнаты и больше' : `${n}-комнатная`}>
          {n === 4 ? '4+' : n}
        </ToggleButton>
      ))}
    </ToggleButtonGroup>
  );
}

const digitsOnly = (text: string) => text.replace(/\D/g, '').slice(0, 12);

/** The price range «от» / «до», roubles. */
export function PriceRange({
  min,
  max,
  onChange,
}: {
  min: string;
  max: string;
  onChange: (range: { min: string; max: string }) => void;
}) {
  return (
    <Stack direction="row" spacing={1} sx={{ minWidth: 0 }}>
      <TextField
        size="small"
        label="Цена от, ₽"
        value={min}
        onChange={(e) => onChange({ min: digitsOnly(e.target.value), max })}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': 'Цена от, рублей' } }}
        fullWidth
      />
      <TextField
        size="small"
        label="до, ₽"
        value={max}
        onChange={(e) => onChange({ min, max: digitsOnly(e.target.value) })}
        slotProps={{ htmlInput: { inputMode: 'numeric', 'aria-label': 'Цена до, рублей' } }}
        fullWidth
      />
    </Stack>
  );
}
