import PhoneIcon from '@mui/icons-material/Phone';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { apiCall, formatPhone } from '@estate/client';
import { ensureVisitor } from '../api/visitor';

type Reveal = { kind: 'hidden' } | { kind: 'asking' } | { kind: 'shown'; phone: string } | { kind: 'failed' };

/** The reveal call: the only answer that carries the agent's phone, and the one that counts the reveal for the agency. */
async function revealPhone(publicationId: string): Promise<string> {
  // the reveal counts once a day per visitor: the visitor cookie (asked for at start) names it
  await ensureVisitor();
  const answer = await apiCall<{ data?: { phone?: unknown } }>(
    `/api/publications/${encodeURIComponent(publicationId)}/phone-view`,
    { method: 'POST' },
  );
  if (typeof answer.data?.phone !== 'string') throw new Error('phone not revealed');
  return answer.data.phone;
}

/** product.md: hidden until the first click, which asks the server for it and shows it; the next click dials. */
export function PhoneButton({ publicationId, fullWidth }: { publicationId: string; fullWidth?: boolean }) {
  const [state, setState] = useState<Reveal>({ kind: 'hidden' });
  if (state.kind === 'shown') {
    return (
      <Button
        variant="outlined"
        color="primary"
        href={`tel:+${state.phone}`}
        startIcon={<PhoneIcon />}
        fullWidth={fullWidth}
        data-testid="phone"
      >
        {formatPhone(state.phone)}
      </Button>
    );
  }
  const reveal = () => {
    setState({ kind: 'asking' });
    revealPhone(publicationId).then(
      (phone) => setState({ kind: 'shown', phone }),
      () => setState({ kind: 'failed' }),
    );
  };
  const asking = state.kind === 'asking';
  return (
    <Button
      variant="contained"
      color="primary"
      onClick={reveal}
      disabled={asking}
      aria-busy={asking}
      startIcon={asking ? <CircularProgress size={16} color="inherit" /> : <PhoneIcon />}
      fullWidth={fullWidth}
    >
      {state.kind === 'failed' ? 'Не удалось показать телефон, повторить' : 'Показать телефон'}
    </Button>
  );
}
