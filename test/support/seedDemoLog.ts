/**
 * Seeds the run's demo log into a folder, in a process of its own (the global set-up runs outside Jest's
 * module system, which loads the app's TypeScript):  tsx test/support/seedDemoLog.ts <folder>
 */
import { seedDemoLog } from '../../services/test/demoLog';

const folder = process.argv[2];
if (!folder) throw new Error('usage: tsx test/support/seedDemoLog.ts <folder>');
await seedDemoLog(folder);
