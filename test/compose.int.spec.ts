import { skipped } from '@estate/events/testing';
import { execFileSync } from 'node:child_process';

function composeCommand(): string[] | null {
  for (const candidate of [['docker', 'compose'], ['docker-compose']]) {
    try {
      execFileSync(candidate[0], [...candidate.slice(1), 'version'], { stdio: 'ignore' });
      return candidate;
    } catch {
      /* try the next one */
    }
  }
  return null;
}

const compose = composeCommand();
if (!compose)
  skipped('docker-compose.yml validation', 'neither `docker compose` nor `docker-compose` is installed');

(compose ? it : it.skip)('docker-compose.yml is accepted by compose', () => {
  // `config -q` exits non-zero, naming the fault, on a file compose does not accept
  expect(() =>
    execFileSync(compose![0], [...compose!.slice(1), 'config', '-q'], {
      cwd: `${__dirname}/..`,
      stdio: 'pipe',
    }),
  ).not.toThrow();
});

(compose ? it : it.skip)(
  'the demo file runs the same roles in development mode (the only stack with an outbox of codes)',
  () => {
    const merged = execFileSync(
      compose![0],
      [...compose!.slice(1), '-f', 'docker-compose.yml', '-f', 'docker-compose.demo.yml', 'config'],
      { cwd: `${__dirname}/..`, stdio: 'pipe', encoding: 'utf8' },
    );
    for (const role of ['api', 'projector', 'worker']) {
      const service =
        new RegExp(`\\n  ${role}:\\n[\\s\\S]*?\\n    environment:\\n((?:      .*\\n)+)`).exec(merged)?.[1] ??
        '';
      expect([
        role,
        /NODE_ENV: development/.test(service),
        new RegExp(`ROLE: ${role}\n`).test(service),
      ]).toEqual([role, true, true]);
    }
    const production = execFileSync(compose![0], [...compose!.slice(1), 'config'], {
      cwd: `${__dirname}/..`,
      stdio: 'pipe',
      encoding: 'utf8',
    });
    expect(production).not.toMatch(/DEV_OUTBOX|NODE_ENV: development/);
  },
);
