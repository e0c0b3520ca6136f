import { createHash } from 'node:crypto';

/**
 * The viewers of one step of one listing on one day, kept exactly and compactly: each viewer
 * ('user:<id>', 'visitor:<id>'…) as the first 48 bits of its SHA-256, the set sorted and packed
 * into a base64 text, 6 bytes (8 characters) a viewer. A text is a plain value in both read
 * stores (the embedded one and MongoDB), and a union of sets is a merge of sorted numbers.
 * 48 bits, not 32: the chance that two viewers of one set share a hash is n²/2⁴⁹ (one in
 * 56,000 for an agency's 10,000 viewers a day; one in 86 with 32 bits).
 */
const BYTES = 6;

export const viewerHash = (viewer: string): number => {
  const digest = createHash('sha256').update(viewer).digest();
  return digest.readUIntBE(0, BYTES);
};

export function decodeViewers(packed: string | undefined): number[] {
  if (!packed) return [];
  const bytes = Buffer.from(packed, 'base64');
  const out = new Array<number>(bytes.length / BYTES);
  for (let i = 0; i < out.length; i++) out[i] = bytes.readUIntBE(i * BYTES, BYTES);
  return out;
}

export function encodeViewers(sorted: readonly number[]): string {
  const bytes = Buffer.alloc(sorted.length * BYTES);
  sorted.forEach((hash, i) => bytes.writeUIntBE(hash, i * BYTES, BYTES));
  return bytes.toString('base64');
}

/** how many viewers a packed set holds, without decoding it */
export const viewersIn = (packed: string | undefined) => (packed ? packed.length / 8 : 0);

/** The sorted union of sorted sets, each viewer once. */
export function unionOf(sets: readonly (readonly number[])[]): number[] {
  if (sets.length === 1) return [...sets[0]];
  const all = sets.flat().sort((a, b) => a - b);
  const out: number[] = [];
  for (const hash of all) if (out[out.length - 1] !== hash) out.push(hash);
  return out;
}
