import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for an SDI intermediary's HTTP API as the HTTP provider speaks it
// (src/features/billing/e-invoice/sdi-provider.ts): files posted, then asked after. It can take files and
// have them delivered or rejected with a reason, leave them on the way, answer 5xx, or be gone
// altogether (its port closed: connection refused).

export type FakeSdiFile = {
  id: string;
  fileName: string;
  xml: string;
  status: 'sent' | 'delivered' | 'rejected';
  reason?: string;
};

export type FakeSdi = {
  url: string;
  token: string;
  /** What SDI makes of files still on their way when they are next asked after. */
  outcome: { status: 'sent' | 'delivered' | 'rejected'; reason?: string };
  /** Answer every request 503 (true) or normally. */
  isFailing: boolean;
  /** Every POST that reached the fake's handler, in order (one per file sent). */
  posts: string[];
  files: Map<string, FakeSdiFile>;
  /** Closes the port: calls fail with connection refused until `comeBack`. */
  goAway: () => Promise<void>;
  comeBack: () => Promise<void>;
  close: () => Promise<void>;
};

const readBody = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
};

const send = (response: ServerResponse, status: number, body: unknown) => {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
};

export const startFakeSdi = async (): Promise<FakeSdi> => {
  const token = 'fake-sdi-token';
  const byName = new Map<string, string>();
  const fake = {
    outcome: { status: 'delivered' },
    isFailing: false,
    posts: [],
    files: new Map(),
  } as unknown as FakeSdi;

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    if (request.headers.authorization !== `Bearer ${token}`)
      return send(response, 401, { message: 'bad token' });
    if (fake.isFailing) return send(response, 503, { message: 'Service temporarily unavailable' });
    const url = new URL(request.url ?? '/', 'http://fake');
    if (request.method === 'POST' && url.pathname === '/files') {
      const fileName = String(request.headers['x-file-name'] ?? '');
      const xml = await readBody(request);
      fake.posts.push(fileName);
      // A little time on the way, so two senders racing would both get here.
      await new Promise((resolve) => setTimeout(resolve, 20));
      const known = byName.get(fileName);
      if (known) return send(response, 409, { id: known });
      if (!xml.includes('<FatturaElettronicaHeader>'))
        return send(response, 400, { message: 'Not a FatturaPA file' });
      const id = `sdi-${fake.files.size + 1}`;
      byName.set(fileName, id);
      fake.files.set(id, { id, fileName, xml, status: 'sent' });
      return send(response, 201, { id });
    }
    const match = /^\/files\/([^/]+)$/.exec(url.pathname);
    if (request.method === 'GET' && match) {
      const file = fake.files.get(decodeURIComponent(match[1] ?? ''));
      if (!file) return send(response, 404, { message: 'unknown file' });
      if (file.status === 'sent' && fake.outcome.status !== 'sent') {
        file.status = fake.outcome.status;
        if (fake.outcome.reason) file.reason = fake.outcome.reason;
      }
      return send(response, 200, { status: file.status, ...(file.reason ? { reason: file.reason } : {}) });
    }
    return send(response, 404, { message: 'no such route' });
  };

  let server: Server = createServer((request, response) => void handle(request, response));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}`,
    token,
    goAway: stop,
    comeBack: async () => {
      server = createServer((request, response) => void handle(request, response));
      await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    },
    close: async () => {
      if (server.listening) await stop();
    },
  });
};
