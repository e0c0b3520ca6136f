import { routeLabel, streamType, Metrics, UNMATCHED_ROUTE } from './metrics';

describe('routeLabel', () => {
  it('is the declared pattern joined with its router mount path', () => {
    expect(routeLabel({ baseUrl: '', route: { path: '/api/agency/:id' } })).toBe('/api/agency/:id');
    expect(routeLabel({ baseUrl: '/storage', route: { path: '/:file' } })).toBe('/storage/:file');
    expect(routeLabel({ baseUrl: '/api', route: { path: '/' } })).toBe('/api');
    expect(routeLabel({ route: { path: '/' } })).toBe('/');
  });

  it('names a pattern that is a list or an expression, never the URL', () => {
    expect(routeLabel({ baseUrl: '', route: { path: ['/a', '/b/:id'] } })).toBe('/a|/b/:id');
    expect(routeLabel({ baseUrl: '', route: { path: /^\/cabinet(\/.*)?$/ } })).toBe('/^\\/cabinet(\\/.*)?$/');
  });

  it('is "unmatched" when no route answered', () => {
    expect(routeLabel({ baseUrl: '' })).toBe(UNMATCHED_ROUTE);
    expect(routeLabel({})).toBe('unmatched');
  });
});

describe('streamType', () => {
  it("is the stream id's prefix before the first dash, never an id", () => {
    expect(streamType('publication-0b5c')).toBe('publication');
    expect(streamType('saved-searches-u1')).toBe('saved');
    expect(streamType('settings')).toBe('settings');
    expect(streamType('79990000001-x')).toBe('other');
    expect(streamType('')).toBe('other');
  });
});

describe('Metrics', () => {
  it('counts commands by stream type and outcome, and appends by stream type', async () => {
    const metrics = new Metrics({ role: 'test' });
    metrics.commandObserver.commandEnded('wallet-a1', 'ok', 2);
    metrics.commandObserver.commandEnded('wallet-a2', 'conflict', 0);
    metrics.commandObserver.revisionConflict('wallet-a2');
    const text = await metrics.text();
    expect(text).toContain('commands_total{stream_type="wallet",outcome="ok",role="test"} 1');
    expect(text).toContain('commands_total{stream_type="wallet",outcome="conflict",role="test"} 1');
    expect(text).toContain('events_appended_total{stream_type="wallet",role="test"} 2');
    expect(text).toContain('command_revision_conflicts_total{stream_type="wallet",role="test"} 1');
    // no source given: the scrape-time gauges have no series, and the scrape does not fail
    expect(text).not.toMatch(/^projection_lag_events\{/m);
    expect(text).not.toContain('metrics_scrape_errors_total{');
  });

  it('keeps two registries apart', async () => {
    const a = new Metrics();
    const b = new Metrics();
    a.commandObserver.commandEnded('chat-1', 'ok', 1);
    expect(await a.text()).toContain('stream_type="chat"');
    expect(await b.text()).not.toContain('stream_type="chat"');
  });
});
