import { connect } from 'node:net';
import { startTestServer } from '../../test/testApp';

/** Sends raw bytes (what supertest cannot: a request line Node refuses) and reads the whole answer. */
function raw(url: string, request: string): Promise<string> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), hostname, () => socket.end(request));
    let answer = '';
    socket.on('data', (chunk) => (answer += chunk.toString('utf8')));
    socket.on('end', () => resolve(answer));
    socket.on('error', reject);
  });
}

describe('requests Node refuses before the app', () => {
  let server: Awaited<ReturnType<typeof startTestServer>>;
  beforeAll(async () => (server = await startTestServer()));
  afterAll(() => server.stop());

  it('answers a URL over 16 KB with 431 in the spec’s envelope', async () => {
    const answer = await raw(
      server.url,
      `GET /api/publications/${'x'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
    );
    expect(answer).toMatch(/^HTTP\/1\.1 431 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toEqual({
      errorCode: 106,
      message: 'Слишком длинный адрес или заголовки запроса',
    });
  });

  it('answers a malformed request line with 400 in the spec’s envelope', async () => {
    const answer = await raw(server.url, 'GET /api/health HTTP/1.1 nonsense\r\n\r\n');
    expect(answer).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4))).toMatchObject({
      errorCode: 1,
      message: 'Некорректные данные',
    });
  });
});
