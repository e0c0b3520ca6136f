import type { RawData } from 'ws';

/** A WebSocket message's text: ws hands one over as a Buffer, an ArrayBuffer or, fragmented, Buffers. */
export function messageText(raw: RawData): string {
  const bytes = Array.isArray(raw) ? Buffer.concat(raw) : raw instanceof ArrayBuffer ? Buffer.from(raw) : raw;
  return bytes.toString('utf8');
}
