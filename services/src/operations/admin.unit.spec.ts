import { COMMANDS, describeLags, parsePrometheus, runAdmin, splitArguments } from './admin';
import { JOB_IDS_REMEMBERED_MS, replayRisk } from './control';

async function admin(argv: string[], env: NodeJS.ProcessEnv = { NODE_ENV: 'test' }) {
  const out: string[] = [];
  const errors: string[] = [];
  const code = await runAdmin(argv, env, { line: (t) => out.push(t), error: (t) => errors.push(t) });
  return { code, out: out.join('\n'), errors: errors.join('\n') };
}

describe('the operator’s command line', () => {
  it('lists every command with its usage on help, and with no command at all', async () => {
    for (const argv of [['help'], []]) {
      const { code, out } = await admin(argv);
      expect(code).toBe(0);
      for (const command of COMMANDS) expect(out).toContain(command.usage);
    }
  });

  it('splits positional words from --name value, --name=value and a bare --flag', () => {
    expect(splitArguments(['catalogue', '--from', '12', '--url=http://x:1', '--force'])).toEqual({
      positional: ['catalogue'],
      options: { from: '12', url: 'http://x:1', force: true },
    });
  });

  it.each([
    [['nope'], /Нет команды «nope»/],
    [['replay', 'booking-notices'], /--from: ожидается номер позиции/],
    [['replay', 'booking-notices', '--from', '-1'], /--from: позиция не меньше 0/],
    [['replay', 'booking-notices', '--from', '3', '--force', 'yes'], /--force: --force без значения/],
    [['stream', 'user-1', '--fast'], /неизвестные параметры: --fast/],
    [['backup'], /не хватает аргументов/],
    [['help', 'me'], /лишние аргументы/],
  ])('refuses %j with exit code 2 and says what is wrong', async (argv, message) => {
    const { code, errors } = await admin(argv);
    expect(code).toBe(2);
    expect(errors).toMatch(message);
  });

  it('asks for ADMIN_TOKEN before calling a process, and for its address', async () => {
    expect(await admin(['rebuild', 'catalogue', '--url', 'http://127.0.0.1:1'])).toMatchObject({
      code: 2,
      errors: expect.stringMatching(/Нужен ADMIN_TOKEN/),
    });
    expect(await admin(['rebuild', 'catalogue'])).toMatchObject({
      code: 2,
      errors: expect.stringMatching(/--url/),
    });
  });

  it('leaves a backup of the production engines to their own tools', async () => {
    const { code, errors } = await admin(['backup', '/tmp/nowhere'], {
      NODE_ENV: 'test',
      EVENTSTORE_URL: 'kurrentdb://127.0.0.1:2113?tls=false',
    });
    expect(code).toBe(1);
    expect(errors).toMatch(/KurrentDB, MongoDB и Kafka/);
  });

  it('reads lags, backlogs and dead letters from a process’s metrics', () => {
    const samples = parsePrometheus(
      [
        '# HELP projection_lag_events x',
        'projection_lag_events{projection="catalogue",role="all"} 12',
        'projection_lag_seconds{projection="catalogue",role="all"} 0.5',
        'reactor_backlog_events{reactor="booking-notices",role="all"} 3',
        'job_queue_depth{queue="sms",state="waiting",role="all"} 4',
        'job_dead_letters{queue="sms",role="all"} 1',
        'job_dead_letters{queue="email",role="all"} 0',
      ].join('\n'),
    );
    expect(samples[0]).toEqual({
      name: 'projection_lag_events',
      labels: { projection: 'catalogue', role: 'all' },
      value: 12,
    });
    expect(describeLags(samples)).toEqual([
      '  модель чтения catalogue: отстаёт на 12 событий, 0.5 с',
      '  реактор booking-notices: не обработано 3 событий',
      '  очередь sms: waiting 4',
      '  ВНИМАНИЕ: в очереди sms 1 мёртвых заданий',
    ]);
  });
});

describe('whether a reactor’s replay could repeat what a person sees', () => {
  const now = new Date('2026-12-07T12:00:00Z');
  const aged = (ms: number) => ({ occurredAt: new Date(now.getTime() - ms).toISOString() });

  it('lets a reactor that queues SMS and e-mails replay while the queue remembers their job ids', () => {
    expect(replayRisk('booking-notices', aged(JOB_IDS_REMEMBERED_MS - 60_000), now)).toBeNull();
  });

  it('warns of SMS and e-mails sent again beyond that', () => {
    expect(replayRisk('booking-notices', aged(JOB_IDS_REMEMBERED_MS + 60_000), now)).toMatch(/СМС и письма/);
  });

  it('lets a reactor whose effects are deduped for good replay from any position', () => {
    expect(replayRisk('booking-chat', aged(365 * JOB_IDS_REMEMBERED_MS), now)).toBeNull();
  });

  it('always warns of live chat pushes, which nothing dedupes', () => {
    expect(replayRisk('chats-live', aged(1000), now)).toMatch(/живые уведомления/);
  });

  it('has nothing to repeat at the head of the log', () => {
    expect(replayRisk('booking-notices', undefined, now)).toBeNull();
  });
});
