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
if (!compose) console.warn('SKIPPED: docker-compose.yml validation — neither `docker compose` nor `docker-compose` is installed');

(compose ? it : it.skip)('docker-compose.yml is accepted by compose', () => {
  execFileSync(compose![0], [...compose!.slice(1), 'config', '-q'], { cwd: `${__dirname}/..`, stdio: 'pipe' });
});
