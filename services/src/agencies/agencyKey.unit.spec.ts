import { deciderSpec } from '../core/deciderSpec';
import { DomainError } from '../core/errors';
import {
  agencyKeyDecider,
  agencyKeyStream,
  INN_TAKEN,
  NAME_TAKEN,
  type AgencyKeyCommand,
  type AgencyKeyEvent,
  type AgencyKeyKind,
} from './agencyKey';

const key = deciderSpec(agencyKeyDecider);
const claim = (kind: AgencyKeyKind, agencyId: string): AgencyKeyCommand => ({
  type: 'ClaimAgencyKey',
  kind,
  key: kind === 'name' ? 'Новый дом' : '7701234567',
  agencyId,
});
const release = (kind: AgencyKeyKind, agencyId: string): AgencyKeyCommand => ({
  ...claim(kind, agencyId),
  type: 'ReleaseAgencyKey',
});
const claimed = (agencyId: string): AgencyKeyEvent => ({
  type: 'AgencyKeyClaimed',
  data: { key: 'Новый дом', agencyId },
});
const released = (agencyId: string): AgencyKeyEvent => ({
  type: 'AgencyKeyReleased',
  data: { key: 'Новый дом', agencyId },
});

/** the refusal itself: its kind, the form's text and the field it is shown on */
function refusalOf(given: AgencyKeyEvent[], command: AgencyKeyCommand) {
  try {
    agencyKeyDecider.decide(
      command,
      given.reduce((state, event) => agencyKeyDecider.evolve(state, event), agencyKeyDecider.initialState()),
    );
  } catch (error) {
    expect(error).toBeInstanceOf(DomainError);
    const { kind, message, errors } = error as DomainError;
    return { kind, message, errors };
  }
  throw new Error('not refused');
}

describe('a unique agency name or INN', () => {
  it('is claimed by the first agency that asks for it', () => {
    key([])
      .when(claim('name', 'a1'))
      .then([claimed('a1')]);
    key([])
      .when(claim('inn', 'a1'))
      .then([{ type: 'AgencyKeyClaimed', data: { key: '7701234567', agencyId: 'a1' } }]);
  });

  it('is claimed once: the holder asking again records nothing', () => {
    key([claimed('a1')])
      .when(claim('name', 'a1'))
      .then([]);
  });

  it('is refused to another agency while held, with the text of the field it concerns', () => {
    key([claimed('a1')])
      .when(claim('name', 'a2'))
      .thenThrows('INVALID_DATA');
    expect(refusalOf([claimed('a1')], claim('name', 'a2'))).toEqual({
      kind: 'INVALID_DATA',
      message: NAME_TAKEN,
      errors: { agencyName: [NAME_TAKEN] },
    });
    expect(refusalOf([claimed('a1')], claim('inn', 'a2'))).toEqual({
      kind: 'INVALID_DATA',
      message: INN_TAKEN,
      errors: { inn: [INN_TAKEN] },
    });
  });

  it('is given back by its holder only, once', () => {
    key([claimed('a1')])
      .when(release('name', 'a1'))
      .then([released('a1')]);
    key([claimed('a1')])
      .when(release('name', 'a2'))
      .then([]);
    key([claimed('a1'), released('a1')])
      .when(release('name', 'a1'))
      .then([]);
    key([]).when(release('name', 'a1')).then([]);
  });

  it('is free again once given back: the next agency claims it', () => {
    key([claimed('a1'), released('a1')])
      .when(claim('name', 'a2'))
      .then([claimed('a2')]);
    key([claimed('a1'), released('a1'), claimed('a2')])
      .when(claim('name', 'a1'))
      .thenThrows('INVALID_DATA');
  });

  it('is one stream per name whatever its case and spacing, apart from the INNs', () => {
    expect(agencyKeyStream('name', '  Новый   ДОМ ')).toBe(agencyKeyStream('name', 'новый дом'));
    expect(agencyKeyStream('name', 'новый дом')).toBe('agency-name-новый дом');
    expect(agencyKeyStream('inn', '7701234567')).toBe('agency-inn-7701234567');
    expect(agencyKeyStream('name', '7701234567')).not.toBe(agencyKeyStream('inn', '7701234567'));
  });
});
