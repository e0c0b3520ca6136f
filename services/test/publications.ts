import { PARAMS_ADDED_IN_V2, ROLES, type PublicationDetails, type PublicationParams } from '@estate/events';
import { handleAgency } from '../src/agencies/agency';
import type { AppContext } from '../src/core/context';
import { registerUser } from '../src/identity/registration';
import { findPublicationPlace } from '../src/locations/tree';
import { type PublicationCommand, handlePublication } from '../src/publications';
import { type Actor } from '../src/core/access';

const DAY = 24 * 60 * 60_000;

/** An agency with an owner and an agent, created through commands as the product does. */
export async function createAgency(ctx: AppContext, key: string, phoneSuffix: string) {
  const agencyId = `agency-${key}`;
  const phone = (n: number) => `7955${phoneSuffix.padStart(6, '0')}${n}`;
  const owner: Actor = { userId: `owner-${key}`, role: ROLES.AGENCY_OWNER, agencyId };
  const agent: Actor = { userId: `agent-${key}`, role: ROLES.AGENT, agencyId };
  await registerUser(ctx, {
    type: 'RegisterUser',
    userId: owner.userId,
    name: `Владелец ${key}`,
    phone: phone(1),
    email: null,
    role: ROLES.AGENCY_OWNER,
    agencyId,
  });
  await registerUser(ctx, {
    type: 'RegisterUser',
    userId: agent.userId,
    name: `Агент ${key}`,
    phone: phone(2),
    email: null,
    role: ROLES.AGENT,
    agencyId,
  });
  await handleAgency(ctx.eventStore, agencyId, {
    type: 'RegisterAgency',
    agencyId,
    name: `Агентство ${key}`,
    ownerId: owner.userId,
  });
  // the people must be readable before a test signs them in (a read store on MongoDB lags the log)
  await ctx.projections.whenCaughtUp();
  return { agencyId, owner, agent, ownerPhone: phone(1), agentPhone: phone(2) };
}

export type PublicationSpec = {
  id: string;
  deal?: PublicationDetails['dealCategory'];
  /** a city, district or settlement of the locations tree; absent: Москва */
  city?: string;
  price: number;
  rooms?: number | null;
  area?: number;
  floor?: number;
  guests?: number;
  address?: string;
  geo?: { lat: number; lon: number } | null;
  /** the nearest stations; absent: none */
  metro?: { name: string; time: number; pedestrian_time: boolean }[];
  complex?: string;
  /** any other characteristics; absent ones are not told */
  params?: Partial<PublicationParams>;
  /** days before the app's clock; absent: a draft */
  publishedDaysAgo?: number;
  promoted?: 1 | 2 | 3;
};

/** An agency of the test's own (createAgency) whose agent has written these listings (createPublication). */
export async function createAgencyWithListings(
  ctx: AppContext,
  key: string,
  phoneSuffix: string,
  listings: PublicationSpec[],
) {
  const agency = await createAgency(ctx, key, phoneSuffix);
  for (const listing of listings) await createPublication(ctx, agency.agent, listing);
  return agency;
}

/** A listing created (and published, promoted) through the publication decider. */
export async function createPublication(ctx: AppContext, author: Actor, spec: PublicationSpec) {
  const city = findPublicationPlace(spec.city ?? '1')!;
  const details: PublicationDetails = {
    dealCategory: spec.deal ?? 'sale',
    propertyType: 1,
    title: `Объявление ${spec.id}`,
    description: '',
    price: spec.price,
    address: {
      locationId: city.id,
      locationName: city.name,
      fullAddress: spec.address ?? `${city.name}, ул. Тестовая, ${spec.id.length}`,
      // a listing is published only with a point: the place's centre unless the test names one
      geo: spec.geo === undefined ? city.centre : spec.geo,
      metro: { stations: spec.metro ?? [] },
    },
    params: {
      roomCount: spec.rooms ?? 1,
      totalArea: spec.area ?? 40,
      livingArea: null,
      kitchenArea: null,
      floor: spec.floor ?? 2,
      floorsCount: 9,
      buildYear: null,
      deposit: null,
      clientFee: null,
      guestsCount: spec.guests ?? null,
      ...PARAMS_ADDED_IN_V2,
      ...spec.params,
    },
    images: [],
    residentialComplexId: spec.complex ?? null,
  };
  const run = (command: PublicationCommand) =>
    handlePublication(ctx.eventStore, spec.id, command, {
      actor: author.userId,
    });
  await run({ type: 'CreatePublication', actor: author, publicationId: spec.id, details });
  const now = ctx.clock().getTime();
  if (spec.publishedDaysAgo !== undefined)
    await run({
      type: 'PublishPublication',
      actor: author,
      publishedAt: new Date(now - spec.publishedDaysAgo * DAY).toISOString(),
    });
  if (spec.promoted)
    await run({
      type: 'PromotePublication',
      positionType: spec.promoted,
      tariffId: 'test-tariff',
      until: new Date(now + 30 * DAY).toISOString(),
    });
  await ctx.projections.whenCaughtUp();
}
