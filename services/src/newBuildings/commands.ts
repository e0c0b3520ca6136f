import type { ResidentialComplexDetails } from '@estate/events/catalogue/newBuildings';
import type { AppContext } from '../core/context';
import { type CommandContext } from '../core/decider';
import { DomainError } from '../core/errors';
import { type ResidentialComplexCommand, handleResidentialComplex } from './residentialComplex';
import { findPublicationPlace } from '../locations';

/** A complex stands in a known city, district or settlement; its name comes from the locations tree. */
function withLocation(details: ResidentialComplexDetails): ResidentialComplexDetails {
  const location = findPublicationPlace(details.address.locationId);
  if (!location) {
    throw new DomainError('INVALID_DATA', undefined, {
      'address.locationId': ['Выберите город или населённый пункт из списка'],
    });
  }
  return { ...details, address: { ...details.address, locationName: location.name } };
}

export function runComplexCommand(
  ctx: AppContext,
  command: ResidentialComplexCommand,
  context: CommandContext = {},
) {
  const checked = { ...command, details: withLocation(command.details) };
  return handleResidentialComplex(ctx.eventStore, command.complexId, checked, context);
}
