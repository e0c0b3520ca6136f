/**
 * npm run admin -- <command> …   (npm run backup -- <dir>, npm run restore -- <dir>)
 * The operator's command line (operations/admin.ts); the exit code says how it went.
 */
import { runAdmin } from './admin';

const code = await runAdmin(process.argv.slice(2), process.env, {
  line: (text) => console.log(text),
  error: (text) => console.error(text),
});
process.exit(code);
