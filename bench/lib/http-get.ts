/**
 * GET over keep-alive connections with Node's own http client, for the benches' load. The load generator shares
 * the server's two cores, so what it spends per request is taken from the server it measures: `fetch` (undici)
 * cost about 0.45 ms of CPU a request here, five times this client, which at hundreds of requests a second was
 * close to a third of a core. An answer is read whole and decompressed as a browser would before it counts.
 */
import http from 'node:http';
import { brotliDecompressSync, gunzipSync, inflateSync } from 'node:zlib';

export interface GetAnswer {
  status: number;
  text: string;
  /** Bytes as sent: compressed when the server compressed. */
  wireBytes: number;
}

/** Redirects followed before an answer counts as the last one's: a browser gives up after some twenty. */
const MAX_REDIRECTS = 5;

export interface HttpGetter {
  get(path: string, headers?: Record<string, string>): Promise<GetAnswer>;
  close(): void;
}

const decoded = (encoding: string | undefined, body: Buffer): Buffer => {
  switch (encoding) {
    case 'gzip':
      return gunzipSync(body);
    case 'deflate':
      return inflateSync(body);
    case 'br':
      return brotliDecompressSync(body);
    default:
      return body;
  }
};

/** A client for `baseUrl` (http only) keeping up to `connections` connections open between requests. */
export function httpGetter(baseUrl: string, connections: number): HttpGetter {
  const origin = new URL(baseUrl);
  if (origin.protocol !== 'http:') throw new Error(`The bench's client speaks http only, not ${origin.protocol}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
  const once = (path: string, headers: Record<string, string>) =>
    new Promise<GetAnswer & { location?: string }>((resolve, reject) => {
      const request = http.get({ host: origin.hostname, port: origin.port || 80, path, agent, headers }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('error', reject);
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          try {
            const text = decoded(response.headers['content-encoding'], body).toString('utf8');
            const { location } = response.headers;
            resolve({
              status: response.statusCode ?? 0,
              text,
              wireBytes: body.length,
              ...(location ? { location } : {}),
            });
          } catch (error) {
            reject(error as Error);
          }
        });
      });
      request.on('error', reject);
    });
  return {
    async get(path, headers = {}) {
      let answer = await once(path, headers);
      for (
        let hops = 0;
        answer.status >= 300 && answer.status < 400 && answer.location && hops < MAX_REDIRECTS;
        hops++
      ) {
        const next = new URL(answer.location, origin);
        if (next.origin !== origin.origin) break;
        answer = await once(next.pathname + next.search, headers);
      }
      return { status: answer.status, text: answer.text, wireBytes: answer.wireBytes };
    },
    close: () => agent.destroy(),
  };
}
