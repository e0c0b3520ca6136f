import { createServer, type RequestListener, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { ERRORS } from './errors';

/**
 * The HTTP server of the API. Node's parser refuses some requests before Express sees them (a URL
 * or headers over 16 KB, a malformed request line); those also leave in the spec's envelope.
 */
export function createHttpServer(app?: RequestListener): Server {
  const server = app ? createServer(app) : createServer();
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const tooLarge = error.code === 'HPE_HEADER_OVERFLOW';
    const status = tooLarge ? 431 : 400;
    const body = JSON.stringify(
      tooLarge
        ? {
            errorCode: ERRORS.PAYLOAD_TOO_LARGE.errorCode,
            message: 'Слишком длинный адрес или заголовки запроса',
          }
        : { errorCode: ERRORS.INVALID_DATA.errorCode, message: ERRORS.INVALID_DATA.message },
    );
    socket.end(
      `HTTP/1.1 ${status} ${tooLarge ? 'Request Header Fields Too Large' : 'Bad Request'}\r\n` +
        `Content-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  });
  return server;
}
