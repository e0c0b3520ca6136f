import type { AppContext } from '../core/context';
import { runComplexCommand } from './commands';
import { DEMO_COMPLEXES } from './demoComplexes';
import { residentialComplexStream } from './residentialComplex';

/**
 * Demo residential complexes, registered through commands. Runs once: a log that already has the
 * first complex is left alone (the registrations are idempotent besides, so an interrupted run may repeat).
 */
export async function seedResidentialComplexes(
  ctx: AppContext,
): Promise<{ created: boolean; complexes: number }> {
  if ((await ctx.eventStore.readStream(residentialComplexStream(DEMO_COMPLEXES[0].id))).length > 0)
    return { created: false, complexes: 0 };
  const context = { actor: 'seed', correlationId: 'seed' };
  // the first complex last: its stream is the "already seeded" mark
  for (const { id, details } of [...DEMO_COMPLEXES.slice(1), DEMO_COMPLEXES[0]]) {
    await runComplexCommand(ctx, { type: 'RegisterResidentialComplex', complexId: id, details }, context);
  }
  await ctx.projections.whenCaughtUp();
  return { created: true, complexes: DEMO_COMPLEXES.length };
}
