/**
 * The seed's commands carry this correlation (docs/decisions.md): what follows a demo fact tells
 * nobody — no SMS, no e-mail, no letter to the accounting department — while the demo's read models
 * and chats are built from it like any other.
 */
export const DEMO_CORRELATION = 'seed';

export const isDemoFact = (event: { metadata: { correlationId?: string | null } }) =>
  event.metadata.correlationId === DEMO_CORRELATION;
