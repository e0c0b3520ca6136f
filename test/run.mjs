// npm test: the checks and the build side by side, then every kind of test in one Jest run on both
// cores (jest.config.js), then the time of each phase. Arguments go to Jest (`npm test -- --selectProjects unit`).
//   1. ESLint, Prettier's check, the type check and the build (front ends and server) at once: four
//      processes on two cores take about as long as the type check alone;
//   2. Jest: the unit, int and e2e projects, two workers; its last line is the totals
//      (`jest: N passed, N failed, N skipped`), after a line per kind.
import { spawn } from 'node:child_process';

const started = Date.now();
const phases = [];
const seconds = (ms) => `${(ms / 1000).toFixed(1)} s`;

/** Runs an npm script or a command; its output is kept and printed when it ends (or at once with `live`). */
function run(name, command, args, { live = false, env = {} } = {}) {
  const begun = Date.now();
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      stdio: live ? 'inherit' : ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, ...env },
    });
    let output = '';
    if (!live) {
      child.stdout.on('data', (chunk) => (output += chunk));
      child.stderr.on('data', (chunk) => (output += chunk));
    }
    child.on('close', (code) => {
      const ms = Date.now() - begun;
      phases.push([name, ms]);
      if (!live) process.stdout.write(output);
      console.log(`test: ${name} ${code === 0 ? 'passed' : `failed (exit ${code})`} in ${seconds(ms)}`);
      resolve(code ?? 1);
    });
  });
}

function summary() {
  console.log(
    `test: phases — ${phases.map(([name, ms]) => `${name} ${seconds(ms)}`).join(', ')}; all ${seconds(Date.now() - started)}`,
  );
}

const checksBegun = Date.now();
const checks = await Promise.all([
  run('lint', 'npm', ['run', '--silent', 'lint']),
  run('format check', 'npm', ['run', '--silent', 'format:check']),
  run('type check', 'npm', ['run', '--silent', 'typecheck']),
  // the tests need the same build as production but for brotli's quality (build/frontEnd.ts)
  run('build', 'npm', ['run', '--silent', 'build'], { env: { BROTLI_QUALITY: '5' } }),
]);
phases.push(['checks and build', Date.now() - checksBegun]);
if (checks.some((code) => code !== 0)) {
  summary();
  process.exit(1);
}

const tests = await run('jest', 'jest', ['--maxWorkers=2', ...process.argv.slice(2)], { live: true });
summary();
process.exit(tests);
