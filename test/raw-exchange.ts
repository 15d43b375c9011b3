import http from 'node:http';

export type RawExchange = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
  /** Whether a keep-alive agent sent it on a connection an earlier request had used. */
  reusedConnection: boolean;
};

export type RawRequestOptions = {
  method?: string;
  headers?: Record<string, string>;
  body?: string | Buffer;
  /** Sent chunked, without a Content-Length: the server learns its size by reading it. */
  chunked?: boolean;
  /** A keep-alive agent to send it through; else a connection of its own. */
  agent?: http.Agent;
};

/**
 * One HTTP exchange as the wire has it: the path exactly as written (no URL normalisation), no redirect followed,
 * no body decoded. A body the server refuses before it is all sent still yields the answer, not the broken pipe.
 */
export function rawExchange(base: string, path: string, options: RawRequestOptions = {}): Promise<RawExchange> {
  const { method = 'GET', headers = {}, body, chunked, agent } = options;
  const { hostname, port } = new URL(base);
  return new Promise((resolve, reject) => {
    const request = http.request({ host: hostname, port, path, method, headers, agent: agent ?? false });
    let answered = false;
    request.on('response', (response) => {
      answered = true;
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () =>
        resolve({
          status: response.statusCode ?? 0,
          headers: response.headers,
          body: Buffer.concat(chunks),
          reusedConnection: request.reusedSocket,
        }),
      );
      response.on('error', reject);
    });
    request.on('error', (error) => (answered ? undefined : reject(error)));
    if (chunked && body) request.write(body);
    request.end(chunked ? undefined : body);
  });
}
