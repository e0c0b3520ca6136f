// Redocly's recommended lint of an OpenAPI document (a file), in a process of its own: the linter is
// an ES module, which Jest's CommonJS runtime cannot load. Prints the problems as JSON lines
// ({ severity, rule, message, where }) and exits 0; test/openapi.int.spec.ts reads them.
//   node test/support/lintOpenApi.mjs <document.json>
import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';

const file = process.argv[2];
const config = await createConfig({ extends: ['recommended'] });
const problems = await lintFromString({ source: readFileSync(file, 'utf8'), absoluteRef: file, config });
for (const p of problems)
  console.log(
    JSON.stringify({
      severity: p.severity,
      rule: p.ruleId,
      message: p.message,
      where: p.location?.[0]?.pointer ?? '',
    }),
  );
