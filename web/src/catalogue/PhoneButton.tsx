import PhoneIcon from '@mui/icons-material/Phone';
import { Button, CircularProgress } from '@mui/material';
import { useState } from 'react';
import { api, formatPhone } from '@estate/client';
import { ensureVisitor } from '../api/visitor';

type Reveal = { kind: 'hidden' } | { kind: 'asking' } | { kind: 'shown'; phone: string } | { kind: 'failed' };

/** The reveal call: the only answer that carries the agent's phone, and the one that counts the reveal for the agency. */
async function revealPhone(publicationId: string): Promise<string> {
  // the reveal counts once a day per visitor: the visitor cookie (asked for at start) names it
  await ensureVisitor();
  const answer = await api.post('/api/publications/{id}/phone-view', { path: { id: publicationId } });
  if (typeof answer.data?.phone !== 'string') throw new Error('phone not revealed');
  return answer.data.phone;
}

export type PhoneReveal = { state: Reveal; reveal: () => void };

/** The reveal's state, to share between two buttons of one listing (its card and a phone's sticky bar). */
export function usePhoneReveal(publicationId: string): PhoneReveal {
  const [state, setState] = useState<Reveal>({ kind: 'hidden' });
  const reveal = () => {
    setState({ kind: 'asking' });
    revealPhone(publicationId).then(
      (phone) => setState({ kind: 'shown', phone }),
      () => setState({ kind: 'failed' }),
    );
  };
  return { state, reveal };
}

/** product.md: hidden until the first click, which asks the server for it and shows it; the next click dials. */
export function PhoneButton({
  publicationId,
  fullWidth,
  shared,
  shownLabel,
}: {
  publicationId: string;
  fullWidth?: boolean;
  /** a reveal shared with another button of the listing (usePhoneReveal); else the button's own */
  shared?: PhoneReveal;
  /** what the revealed button says instead of the number («Позвонить» in a narrow bar) */
  shownLabel?: string;
}) {
  const own = usePhoneReveal(publicationId);
  const { state, reveal } = shared ?? own;
  if (state.kind === 'shown') {
    return (
      <Button
        variant="outlined"
        color="primary"
        href={`tel:+${state.phone}`}
        startIcon={<PhoneIcon />}
        fullWidth={fullWidth}
        data-testid={shownLabel ? undefined : 'phone'}
        aria-label={shownLabel ? `${shownLabel}: ${formatPhone(state.phone)}` : undefined}
      >
        {shownLabel ?? formatPhone(state.phone)}
      </Button>
    );
  }
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
