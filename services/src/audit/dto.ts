import { z } from 'zod';

/**
 * The agency audit trail's answers (issue 19, item 4), as zod schemas. Pure zod: the cabinet's type
 * check reads this file through services/src/contract.ts.
 */
export const auditAreas = z.enum([
  'listings',
  'promotion',
  'wallet',
  'staff',
  'agency',
  'photos',
  'bookings',
  'calendar',
  'chats',
]);

export const auditEntryDto = z.object({
  /** `<stream>@<revision>` */
  id: z.string(),
  at: z.string(),
  /** the fact's type, e.g. PublicationEdited */
  kind: z.string(),
  kindName: z.string(),
  area: auditAreas,
  areaName: z.string(),
  actor: z.object({
    id: z.string().nullable(),
    name: z.string(),
    /** 'owner', 'agent', 'moderator', 'user' (a guest, a visitor), 'system' */
    role: z.enum(['owner', 'agent', 'moderator', 'user', 'system']),
    roleName: z.string(),
  }),
  /** the session the person acted in; null on facts recorded before sessions were (shown «—») */
  sessionId: z.string().nullable(),
  summary: z.string(),
  target: z.object({
    type: z.enum(['publication', 'booking', 'employee', 'agency', 'wallet', 'invoice', 'photo', 'chat']),
    id: z.string(),
    label: z.string().nullable(),
    /** the cabinet's address of what it changed (a hash route) */
    link: z.string(),
  }),
});
export type AuditEntryDto = z.infer<typeof auditEntryDto>;
export const auditList = z.array(auditEntryDto);
export const auditCsv = z.string();
