import { type Server, STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';
import { ApiError } from '@/lib/errors/api-error';

// Node's HTTP parser refuses some requests before any handler runs (headers over 16 KB, a malformed request line)
// and answers them itself with a bare status line. Every answer of ours is in the error envelope, these too.

/** Answers what the parser refused with the envelope, then closes: the connection's framing can't be trusted. */
export function answerClientErrors(server: Server): void {
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Duplex) => {
    if (!socket.writable || error.code === 'ECONNRESET') {
      socket.destroy();
      return;
    }
    const refusal = refusalOf(error.code);
    const body = JSON.stringify(refusal.toBody());
    socket.end(
      `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}\r\n` +
        'Content-Type: application/json; charset=utf-8\r\nCache-Control: no-store\r\nConnection: close\r\n' +
        `Content-Length: ${Buffer.byteLength(body)}\r\n\r\n${body}`,
    );
  });
}

function refusalOf(code: string | undefined): ApiError {
  if (code === 'HPE_HEADER_OVERFLOW') return new ApiError('REQUEST_HEADERS_TOO_LARGE');
  return new ApiError('VALIDATION_ERROR', {
    message: 'Malformed HTTP request',
    hint: 'Send a well-formed HTTP/1.1 request.',
    issues: [{ path: [], message: `The HTTP parser refused the request (${code ?? 'unknown'})` }],
  });
}
