/**
 * npm run bench:history — a listing of 10,000 events rebuilt as of a moment (issue 19, item 2; not
 * a test: timings vary with the machine). The stream is written straight to a SQLite event log:
 * created (at schema version 1, so every edit of that version goes through its upcaster), then
 * edits, price changes, promotions, hides and publications a minute apart. Each figure is the
 * median of 15 runs, printed beside its ceiling measured in the same run: reading the same events
 * through the event store's port without folding them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { newEvent, PARAMS_ADDED_IN_V2, SqliteEventStore, type NewEvent } from '@estate/events';
import { MemoryReadStore } from '@estate/projections';
import { listingAsOf, SNAPSHOT_EVERY } from '../src/history/asOf';
import { toPublicationDto } from '../src/publications';
import { demoPublications } from '../src/seed/demoData';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 10_000);
const RUNS = 15;
const dir = mkdtempSync(join(tmpdir(), 'bench-history-'));
const store = new SqliteEventStore(join(dir, 'events.sqlite'), 'NORMAL');
const start = Date.parse('2025-01-01T00:00:00Z');
const at = (i: number) => new Date(start + i * 60_000);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

async function writeListing(id: string) {
  const [base] = demoPublications(1);
  const details = base.details;
  // version 1 of the details: without the eight characteristics version 2 added
  const v1 = Object.fromEntries(
    Object.entries(details.params).filter(([key]) => !Object.hasOwn(PARAMS_ADDED_IN_V2, key)),
  );
  const v1Details = { ...details, params: v1 };
  const meta = { actor: 'bench-agent' };
  const events: NewEvent[] = [
    newEvent(
      'PublicationCreated',
      { publicationId: id, agencyId: null, authorId: 'bench-agent', details: v1Details },
      meta,
      { occurredAt: at(0), schemaVersion: 1 },
    ),
    newEvent('PublicationPublished', { publicationId: id }, meta, { occurredAt: at(1) }),
  ];
  let price = details.price;
  for (let i = events.length; i < EVENTS; i++) {
    const step = i % 10;
    if (step < 5) {
      events.push(
        newEvent(
          'PublicationEdited',
          {
            publicationId: id,
            details: { ...v1Details, description: `${details.description} (${i})`, price },
          },
          meta,
          { occurredAt: at(i), schemaVersion: 1 },
        ),
      );
    } else if (step < 8) {
      const newPrice = price + (i % 3 === 0 ? -1000 : 1000);
      events.push(
        newEvent('PublicationPriceChanged', { publicationId: id, oldPrice: price, newPrice }, meta, {
          occurredAt: at(i),
        }),
      );
      price = newPrice;
    } else if (step === 8) {
      events.push(
        newEvent(
          'PublicationPromoted',
          { publicationId: id, positionType: 2, tariffId: '2-1-sale', until: at(i + 1440).toISOString() },
          meta,
          { occurredAt: at(i) },
        ),
      );
    } else {
      events.push(newEvent('PublicationPromotionEnded', { publicationId: id }, meta, { occurredAt: at(i) }));
    }
  }
  for (let i = 0; i < events.length; i += 1000)
    await store.append(`publication-${id}`, events.slice(i, i + 1000), i === 0 ? 'no-stream' : i - 1);
}

async function main() {
  await writeListing('bench-listing');
  const readStore = new MemoryReadStore();
  const ctx = { eventStore: store, readStore };
  const moments = [EVENTS - 10, Math.floor(EVENTS / 2) + 7, 3];
  console.log(
    `A listing of ${EVENTS.toLocaleString('ru-RU')} events, a snapshot every ${SNAPSHOT_EVERY}; load average ${loadavg()[0].toFixed(2)}`,
  );
  let t = performance.now();
  const first = await listingAsOf(ctx, 'bench-listing', at(EVENTS).getTime());
  console.log(
    `the first rebuild (to the end, folding all ${first.folded.toLocaleString('ru-RU')} events and keeping the snapshots): ${(performance.now() - t).toFixed(1)} ms`,
  );
  for (const moment of moments) {
    const rebuild: number[] = [];
    const ceiling: number[] = [];
    let folded = 0;
    for (let run = 0; run < RUNS; run++) {
      t = performance.now();
      await store.readStream('publication-bench-listing');
      ceiling.push(performance.now() - t);
      t = performance.now();
      const asOf = await listingAsOf(ctx, 'bench-listing', at(moment).getTime());
      if (!asOf.document) throw new Error('no listing');
      toPublicationDto(asOf.document);
      rebuild.push(performance.now() - t);
      folded = asOf.folded;
    }
    console.log(
      `as of event ${moment.toLocaleString('ru-RU')}: rebuilt in ${median(rebuild).toFixed(1)} ms (snapshot, read, upcast, fold of ${folded} events, DTO; goal < 50 ms)` +
        ` — ceiling in the same run, reading the ${EVENTS.toLocaleString('ru-RU')} events without folding: ${median(ceiling).toFixed(1)} ms`,
    );
  }
  // without snapshots: the whole stream folded, as the first rebuild did
  const bare = new MemoryReadStore();
  t = performance.now();
  await listingAsOf({ eventStore: store, readStore: bare }, 'bench-listing', at(moments[0]).getTime());
  console.log(
    `without snapshots, as of event ${moments[0].toLocaleString('ru-RU')}: ${(performance.now() - t).toFixed(1)} ms`,
  );
  await store.close();
  rmSync(dir, { recursive: true, force: true });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
