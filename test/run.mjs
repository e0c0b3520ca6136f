// npm test: the checks and the build side by side, every kind of test in one Jest run on both cores
// (jest.config.js) as soon as the build is made, then the time of each phase. Arguments go to Jest
// (`npm test -- --selectProjects unit`).
//   1. ESLint, Prettier's check, the type check and the build (front ends and server) at once;
//   2. Jest once the build is there (the browser suites serve it), while the checks go on: the checks
//      leave a core idle for most of their time (ESLint's type-aware rules last longest, alone), and
//      the browser suites wait on pages as much as they compute; its last line is the totals
//      (`jest: N passed, N failed, N skipped`), after a line per kind. A failed build runs no test.
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

const checks = Promise.all([
  run('lint', 'npm', ['run', '--silent', 'lint']),
  run('format check', 'npm', ['run', '--silent', 'format:check']),
  run('type check', 'npm', ['run', '--silent', 'typecheck']),
]);
// the tests need the same build as production but for brotli's quality (build/frontEnd.ts)
const built = await run('build', 'npm', ['run', '--silent', 'build'], { env: { BROTLI_QUALITY: '5' } });
const tests =
  built === 0 ? await run('jest', 'jest', ['--maxWorkers=2', ...process.argv.slice(2)], { live: true }) : 1;
const checked = await checks;
summary();
process.exit([built, tests, ...checked].some((code) => code !== 0) ? 1 : 0);
