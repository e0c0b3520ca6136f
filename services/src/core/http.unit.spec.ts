import { z } from 'zod';
import { fieldErrors } from './http';

describe('fieldErrors', () => {
  it('keys errors by the input’s own names, Object.prototype’s included', () => {
    const input = JSON.parse('{"constructor":"x","__proto__":"y","toString":"z","price":"w"}');
    const result = z.record(z.string(), z.number()).safeParse(input);
    expect(result.success).toBe(false);
    const errors = fieldErrors(result.error!);
    // (zod itself leaves out a `__proto__` key)
    expect(Object.keys(errors).sort()).toEqual(['constructor', 'price', 'toString']);
    expect(Object.values(errors).every((messages) => Array.isArray(messages) && messages.length === 1)).toBe(
      true,
    );
    // the answer carries them as plain fields
    expect(JSON.parse(JSON.stringify({ errors })).errors.constructor).toEqual([expect.any(String)]);
  });

  it('gathers several messages of one field and names a whole-body error `body`', () => {
    const result = z.object({ a: z.string().min(3).regex(/^\d+$/) }).safeParse({ a: 'x' });
    expect(fieldErrors(result.error!)).toEqual({ a: [expect.any(String), expect.any(String)] });
    expect(Object.keys(fieldErrors(z.string().safeParse(1).error!))).toEqual(['body']);
  });
});
