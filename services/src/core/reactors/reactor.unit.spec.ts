import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent, SqliteEventStore } from '@estate/events';
import { until } from '@estate/events/testing';
import { createLogger } from '../logger';
import { SqliteJobQueue } from '../jobs/sqlite';
import { SqliteCheckpointStore } from './checkpoints';
import { defineReactor, effectId, ReactorRunner } from './reactor';

const posted = (chatId: string, text: string) =>
  newEvent('ChatMessagePosted', {
    chatId,
    messageId: `${chatId}-${text}`,
    authorId: null,
    kind: 'text',
    text,
    bookingRequestId: null,
  });
const calendarBlocked = (publicationId: string) =>
  newEvent('DatesBlocked', {
    publicationId,
    entryId: `${publicationId}-e`,
    startDate: '2030-01-01',
    endDate: '2030-01-02',
    source: 'manual',
    note: null,
  });

/** A folder holding the three files a process keeps: its event log, its reactors' checkpoints, its jobs. */
function node(dir: string) {
  const events = new SqliteEventStore(join(dir, 'events.sqlite'));
  const checkpoints = new SqliteCheckpointStore(join(dir, 'reactors.sqlite'));
  const jobs = new SqliteJobQueue(join(dir, 'jobs.sqlite'));
  const reacted: string[] = [];
  // the shape of a notification reactor: one queued job per event, its id derived from the event's id
  const notify = defineReactor({
    name: 'chat-notifications',
    handles: ['ChatMessagePosted'],
    async react(event) {
      reacted.push(event.data.text);
      await jobs.add(
        'sms',
        'send',
        { text: event.data.text },
        { jobId: effectId('chat-notifications', event, 'sms') },
      );
    },
  });
  const runner = new ReactorRunner(events, checkpoints, [notify], createLogger('silent'));
  return {
    events,
    checkpoints,
    jobs,
    runner,
    reacted,
    async close() {
      await runner.stop();
      await jobs.close();
      await checkpoints.close();
      await events.close();
    },
  };
}

describe('reactors', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'estate-reactors-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('reacts once to each event of the types it handles, and to nothing else', async () => {
    const n = node(dir);
    await n.runner.start();
    await n.events.append('chat-1', [posted('chat-1', 'Здравствуйте')], 'no-stream');
    await n.events.append('calendar-1', [calendarBlocked('p1')], 'no-stream');
    await n.events.append('chat-1', [posted('chat-1', 'Ещё вопрос')], 0);
    await n.runner.whenCaughtUp();
    expect(n.reacted).toEqual(['Здравствуйте', 'Ещё вопрос']);
    expect((await n.jobs.counts('sms')).waiting).toBe(2);
    await n.close();
  });

  it('after a restart goes on from its checkpoint: nothing is sent twice, nothing appended meanwhile is missed', async () => {
    const first = node(dir);
    await first.runner.start();
    await first.events.append('chat-1', [posted('chat-1', 'до остановки')], 'no-stream');
    await first.runner.whenCaughtUp();
    await first.runner.stop();
    // appended while no reactor runs (the process died after the append)
    await first.events.append('chat-1', [posted('chat-1', 'пока никто не слушал')], 0);
    await first.close();

    const second = node(dir);
    await second.runner.start();
    await second.runner.whenCaughtUp();
    expect(second.reacted).toEqual(['пока никто не слушал']);
    expect((await second.jobs.counts('sms')).waiting).toBe(2);
    await second.close();
  });

  it('delivers again after a crash between the effect and the checkpoint, and the effect id makes it one job', async () => {
    const first = node(dir);
    await first.runner.start();
    await first.events.append('chat-1', [posted('chat-1', 'раз'), posted('chat-1', 'два')], 'no-stream');
    await first.runner.whenCaughtUp();
    await first.close();
    // the crash: the effects were queued but the checkpoint was never written
    const lost = new SqliteCheckpointStore(join(dir, 'reactors.sqlite'));
    await lost.set('chat-notifications', 0);
    await lost.close();

    const second = node(dir);
    await second.runner.start();
    await second.runner.whenCaughtUp();
    expect(second.reacted).toEqual(['раз', 'два']); // delivered again (at least once)…
    expect((await second.jobs.counts('sms')).waiting).toBe(2); // …but queued once
    await second.close();
  });

  it('starts a new reactor at the head of the log, not at its beginning', async () => {
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    await events.append('chat-1', [posted('chat-1', 'история')], 'no-stream');
    await events.close();
    const n = node(dir);
    await n.runner.start();
    await n.events.append('chat-1', [posted('chat-1', 'новое')], 0);
    await n.runner.whenCaughtUp();
    expect(n.reacted).toEqual(['новое']);
    await n.close();
  });

  it('retries a failing reaction without skipping it or those after it', async () => {
    const events = new SqliteEventStore(join(dir, 'events.sqlite'));
    const checkpoints = new SqliteCheckpointStore(join(dir, 'reactors.sqlite'));
    const seen: string[] = [];
    let failures = 2;
    const flaky = defineReactor({
      name: 'flaky',
      handles: ['ChatMessagePosted'],
      react(event) {
        if (event.data.text === 'сбой' && failures-- > 0) return Promise.reject(new Error('provider down'));
        seen.push(event.data.text);
        return Promise.resolve();
      },
    });
    const runner = new ReactorRunner(events, checkpoints, [flaky], createLogger('silent'));
    await runner.start();
    await events.append('chat-1', [posted('chat-1', 'сбой'), posted('chat-1', 'после')], 'no-stream');
    await until(() => seen.length === 2);
    expect(seen).toEqual(['сбой', 'после']);
    await runner.stop();
    await checkpoints.close();
    await events.close();
  });
});
