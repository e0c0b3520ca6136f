import { until } from '@estate/events/testing';
import request from 'supertest';
import type { TestApp } from './testApp';

export type Letter = { to: string; subject: string; text: string; html?: string };

/**
 * The letters the development outbox holds for an address, newest first, once at least `count` have
 * arrived: letters follow facts (a reactor queues them, the e-mail worker sends them), so they come
 * a moment after the request that recorded the fact has answered.
 */
export async function lettersTo(t: TestApp, to: string, count = 1): Promise<Letter[]> {
  await t.ctx.reactors.whenCaughtUp();
  let letters: Letter[] = [];
  await until(async () => {
    const outbox = (await request(t.app).get('/api/dev/email').query({ to }).expect(200)).body as {
      data: Letter[];
    };
    letters = outbox.data;
    return letters.length >= count;
  });
  return letters;
}

/** The token of the newest confirmation link sent to an address (the link goes to the site's /confirmation-email page). */
export async function confirmationToken(t: TestApp, to: string, count = 1): Promise<string> {
  const [letter] = await lettersTo(t, to, count);
  const link = /https?:\/\/\S+\/confirmation-email\?token=(\S+)/.exec(letter.text);
  if (!link) throw new Error(`no confirmation link in the letter to ${to}`);
  return decodeURIComponent(link[1]);
}
