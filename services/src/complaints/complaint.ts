import { MODERATOR_ROLE, type EventData, type EventOf, type EventStore, type Role } from '@estate/events';
import type { CatalogueDocument } from '@estate/projections';
import { commandHandler, type CommandContext, type Decider } from '../core/decider';
import { DomainError } from '../core/errors';

export type ComplaintEvent =
  | EventOf<'ComplaintFiled'>
  | EventOf<'ComplaintDismissed'>
  | EventOf<'ComplaintUpheld'>
  | EventOf<'ComplaintReopened'>;

/** the moderator deciding, named as the history will show them */
export type ComplaintHandler = { userId: string; name: string; role: Role };

export type ComplaintCommand =
  | { type: 'FileComplaint'; complaint: EventData<'ComplaintFiled'> }
  | { type: 'DismissComplaint'; complaintId: string; reason: string | null; by: ComplaintHandler }
  /**
   * Upholds the complaint: its listing is declined with `reason` by the workflow `resolutionId`.
   * `onlyIfOpen`: the listing's other complaints, upheld with it when still open, left alone if not.
   */
  | {
      type: 'UpholdComplaint';
      complaintId: string;
      reason: string;
      resolutionId: string;
      onlyIfOpen: boolean;
      by: ComplaintHandler;
    }
  /** the undo of an upholding whose listing could not be declined: only that resolution's */
  | { type: 'ReopenComplaint'; complaintId: string; resolutionId: string; by: ComplaintHandler };

export type Complaint = {
  publicationId: string | null;
  status: 'open' | 'dismissed' | 'upheld';
  resolutionId: string | null;
};

export const complaintStream = (complaintId: string) => `complaint-${complaintId}`;

function evolve(complaint: Complaint, event: ComplaintEvent): Complaint {
  switch (event.type) {
    case 'ComplaintFiled':
      return { publicationId: event.data.publicationId, status: 'open', resolutionId: null };
    case 'ComplaintDismissed':
      return { ...complaint, status: 'dismissed' };
    case 'ComplaintUpheld':
      return { ...complaint, status: 'upheld', resolutionId: event.data.resolutionId };
    case 'ComplaintReopened':
      return { ...complaint, status: 'open', resolutionId: null };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/** a moderator's decision on a complaint that exists; anyone else is refused */
function decided(complaint: Complaint, complaintId: string, by: ComplaintHandler) {
  if (by.role !== MODERATOR_ROLE) throw new DomainError('FORBIDDEN', 'Жалобы рассматривают модераторы');
  if (complaint.publicationId === null) throw new DomainError('NOT_FOUND', 'Жалоба не найдена');
  return {
    complaintId,
    publicationId: complaint.publicationId,
    moderatorId: by.userId,
    moderatorName: by.name,
  };
}

const UPHELD = () => new DomainError('ACTION_NOT_ALLOWED', 'Жалоба уже рассмотрена: объявление отклонено');
const DISMISSED = () => new DomainError('ACTION_NOT_ALLOWED', 'Жалоба уже рассмотрена и отклонена');

function decide(command: ComplaintCommand, complaint: Complaint): ComplaintEvent[] {
  switch (command.type) {
    case 'FileComplaint':
      return complaint.publicationId ? [] : [{ type: 'ComplaintFiled', data: command.complaint }];
    case 'DismissComplaint': {
      const by = decided(complaint, command.complaintId, command.by);
      if (complaint.status === 'dismissed') return [];
      if (complaint.status === 'upheld') throw UPHELD();
      return [{ type: 'ComplaintDismissed', data: { ...by, reason: command.reason } }];
    }
    case 'UpholdComplaint': {
      const by = decided(complaint, command.complaintId, command.by);
      if (complaint.status === 'upheld' && complaint.resolutionId === command.resolutionId) return [];
      if (complaint.status !== 'open') {
        if (command.onlyIfOpen) return [];
        throw complaint.status === 'upheld' ? UPHELD() : DISMISSED();
      }
      return [
        {
          type: 'ComplaintUpheld',
          data: { ...by, reason: command.reason, resolutionId: command.resolutionId },
        },
      ];
    }
    case 'ReopenComplaint': {
      const by = decided(complaint, command.complaintId, command.by);
      if (complaint.status !== 'upheld' || complaint.resolutionId !== command.resolutionId) return [];
      return [{ type: 'ComplaintReopened', data: { ...by, resolutionId: command.resolutionId } }];
    }
    default: {
      const unknown: never = command;
      return unknown;
    }
  }
}

/**
 * A complaint about a listing (`complaint-<id>`): filed once; a moderator dismisses it or upholds
 * it (the listing is declined), once, never one after the other; an upholding is taken back only
 * by the resolution that made it (its listing could not be declined).
 */
export const complaintDecider: Decider<ComplaintCommand, Complaint, ComplaintEvent> = {
  initialState: () => ({ publicationId: null, status: 'open', resolutionId: null }),
  evolve,
  decide,
};

/** The decider's command handler, bound to its streams (core/decider.ts `commandHandler`). */
export const handleComplaint = commandHandler(complaintDecider, complaintStream);

/**
 * Files a complaint about a listing as the catalogue shows it: its title, agency and author are
 * kept with the complaint, so the moderators' queue reads without the catalogue.
 */
export const fileComplaintAbout = (
  store: EventStore,
  complaintId: string,
  listing: Pick<CatalogueDocument, '_id' | 'title' | 'agencyId' | 'authorId'>,
  by: Pick<EventData<'ComplaintFiled'>, 'phone' | 'email' | 'comment' | 'userId'>,
  meta: CommandContext,
) =>
  handleComplaint(
    store,
    complaintId,
    {
      type: 'FileComplaint',
      complaint: {
        complaintId,
        publicationId: listing._id,
        listing: { title: listing.title, agencyId: listing.agencyId, authorId: listing.authorId },
        ...by,
      },
    },
    meta,
  );
