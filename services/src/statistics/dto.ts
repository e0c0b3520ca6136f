import { z } from 'zod';

/**
 * The answers of the statistics calls (views, openings and phone reveals counted; a listing's views;
 * the agency dashboard's totals and diagrams), as zod schemas: the routes declare them (the OpenAPI
 * document and the tests' answer checks come from here) and the front ends take their types from
 * them (services/src/contract.ts). Pure zod.
 */

/** The same answer whether anything counted: a script learns nothing from it. */
export const successAnswer = z.object({ data: z.object({ success: z.boolean() }) });

/** Whether a new `visitor` cookie was given. */
export const visitorAnswer = z.object({ data: z.object({ issued: z.boolean() }) });

export const phoneAnswer = z.object({ data: z.object({ phone: z.string() }) });

/** A listing's views on each of the last 10 days (oldest first), their sum and all its views. */
export const viewsDiagramAnswer = z.object({
  data: z.object({
    viewsDiagram: z.array(z.object({ date: z.string(), views: z.number().int() })),
    viewsPerTenDays: z.number().int(),
    allViews: z.number().int(),
  }),
});

const count = z.number().int();
/** The dashboard's figures: views and openings (clicks), favourites (count), phone reveals and chats (responses). */
export const statisticsTotalsDto = z.object({
  viewCount: count,
  clicksCount: count,
  count,
  viewPhoneCount: count,
  chatsCount: count,
  responsesCount: count,
});
export type StatisticsTotalsDto = z.infer<typeof statisticsTotalsDto>;

/** The totals of an interval (its first and last day) and of today. */
export const statisticsTotalsAnswer = z.object({
  data: statisticsTotalsDto.extend({
    startDate: z.string(),
    endDate: z.string(),
    today: statisticsTotalsDto,
  }),
});

/** A diagram's figures by content type: 3 interactions (phone reveals and chats), 1 views and clicks, 2 favourites. */
const interactionsPoint = z.object({ viewPhoneCount: count, chatsCount: count, count });
const viewsPoint = z.object({ viewCount: count, clicksCount: count });
const favouritesPoint = z.object({ count });
export const diagramPoint = z.union([interactionsPoint, viewsPoint, favouritesPoint]);
const bar = z.object({
  /** the bar's first day, as `startDate` */
  date: z.string(),
  startDate: z.string(),
  endDate: z.string(),
  /** a weekday (week), a day range (month) or a month (year) */
  label: z.string(),
});
export const diagramBar = z.union([
  bar.extend(interactionsPoint.shape),
  bar.extend(viewsPoint.shape),
  bar.extend(favouritesPoint.shape),
]);
export type DiagramBarDto = z.infer<typeof diagramBar>;

export const statisticsDiagramAnswer = z.object({
  data: z.object({
    statsType: z.number().int(),
    contentType: z.number().int(),
    startDate: z.string(),
    endDate: z.string(),
    total: diagramPoint,
    diagram: z.array(diagramBar),
  }),
});
