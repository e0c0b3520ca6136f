import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { z } from 'zod';

/**
 * A personal field as stored in an event: the value's JSON encrypted with AES-256-GCM under the key
 * `k` (a random key id the key store maps to one person's key; never the person's id, which would
 * say whose the field is), with a random IV per field and GCM's tag. Base64 throughout.
 */
export const encryptedField = z.object({
  enc: z.literal('v1'),
  k: z.string().min(1).max(64),
  iv: z.string().base64(),
  tag: z.string().base64(),
  data: z.string().base64(),
});
export type EncryptedField = z.infer<typeof encryptedField>;

export const isEncryptedField = (value: unknown): value is EncryptedField =>
  typeof value === 'object' && value !== null && (value as { enc?: unknown }).enc === 'v1';

export const KEY_BYTES = 32;

export function encryptValue(keyId: string, key: Buffer, value: unknown): EncryptedField {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  const data = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return {
    enc: 'v1',
    k: keyId,
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
}

/** The value, or throws when the key is not the one it was encrypted with or the bytes were changed. */
export function decryptValue(key: Buffer, field: EncryptedField): unknown {
  const parsed = encryptedField.parse(field);
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(parsed.iv, 'base64'));
  decipher.setAuthTag(Buffer.from(parsed.tag, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(parsed.data, 'base64')), decipher.final()]);
  return JSON.parse(text.toString('utf8'));
}
