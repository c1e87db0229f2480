import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

// A local stand-in for the EU's VIES REST API (`POST /check-vat-number` with `{ countryCode, vatNumber }`,
// answering `valid` and `name` as VIES does), so the VIES adapter runs in tests without the network:
// registered numbers are valid, others not, and it can be down (503) or answer an error body.

export type FakeVies = {
  url: string;
  /** `DE136695976` → the company's name, as VIES would give it. */
  registered: Map<string, string>;
  mode: 'up' | 'down' | 'memberStateUnavailable';
  requests: { countryCode: string; vatNumber: string }[];
  close: () => Promise<void>;
};

const readJson = async (request: IncomingMessage) => {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString('utf8')) as { countryCode: string; vatNumber: string };
};

export const startFakeVies = async (): Promise<FakeVies> => {
  const fake = { registered: new Map(), mode: 'up', requests: [] } as unknown as FakeVies;
  const server = createServer(async (request, response) => {
    const body = await readJson(request);
    fake.requests.push(body);
    response.setHeader('content-type', 'application/json');
    if (fake.mode === 'down') {
      response.statusCode = 503;
      response.end('{"message":"Service Unavailable"}');
      return;
    }
    if (fake.mode === 'memberStateUnavailable') {
      response.end(JSON.stringify({ actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE' }] }));
      return;
    }
    const name = fake.registered.get(`${body.countryCode}${body.vatNumber}`);
    response.end(
      JSON.stringify({
        countryCode: body.countryCode,
        vatNumber: body.vatNumber,
        requestDate: new Date().toISOString(),
        valid: name !== undefined,
        name: name ?? '---',
        address: '---',
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(fake, {
    url: `http://127.0.0.1:${port}/check-vat-number`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
};
