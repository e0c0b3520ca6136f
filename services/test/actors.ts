import { MODERATOR_ROLE, ROLES } from '@estate/events';
import type { Actor } from '../src/core/access';

/**
 * The people of the deciders' specifications: agency-1's owner and two agents, another agency's
 * owner, a user of the site and a moderator.
 */
export const owner: Actor = { userId: 'owner-1', role: ROLES.AGENCY_OWNER, agencyId: 'agency-1' };
export const agent: Actor = { userId: 'agent-1', role: ROLES.AGENT, agencyId: 'agency-1' };
export const otherAgent: Actor = { userId: 'agent-2', role: ROLES.AGENT, agencyId: 'agency-1' };
export const stranger: Actor = { userId: 'owner-9', role: ROLES.AGENCY_OWNER, agencyId: 'agency-9' };
export const user: Actor = { userId: 'user-1', role: ROLES.USER, agencyId: null };
export const moderator: Actor = { userId: 'mod-1', role: MODERATOR_ROLE, agencyId: null };
