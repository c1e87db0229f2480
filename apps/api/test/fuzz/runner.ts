// Over 300 lines, one job: one fuzzing run, from the owner and clubs it makes to the requests it draws, sends
// and judges; the operations handled apart (listed below) reach into each of those steps.
import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { App } from '../../src/app.ts';
import type { DatabaseHandle } from '../../src/db/client.ts';
import { accounts, sessions } from '../../src/db/schema.ts';
import { generateTotp } from '../../src/features/accounts/totp.ts';
import { hashToken, newToken } from '../../src/lib/tokens.ts';
import { SESSION_ABSOLUTE_MS } from '../../src/plugins/auth.ts';
import {
  canonicalTestPhone,
  confirmSignUp,
  seedClub,
  seedOwner,
  uniqueAddress,
  uniquePhone,
} from '../helpers.ts';
import {
  acceptLanguage,
  anonymousAuthorization,
  type BodySpec,
  bodyFor,
  imageBytes,
  pathValue,
  queryFor,
  remoteAddress,
} from './arbitraries.ts';
import type { Operation } from './openapi.ts';

/**
 * Sends every operation of the OpenAPI document hostile requests, as the fuzzing owner and anonymously,
 * and checks each answer: no 5xx, no hang, every error in the documented shape.
 *
 * Operations handled apart:
 * - GET /clubs/{clubId}/waiter-calls/events is a server-sent event stream that never ends: its headers
 *   arriving (200, text/event-stream) is the answer; the stream is then dropped.
 * - POST /logout revokes the owner's session: a new one is made (straight in the database) after it.
 * - PUT /uploads needs a signed address: the real one of an upload started for the fixture is among the
 *   queries it gets, so hostile bodies reach the upload itself.
 * - POST /clubs/{clubId}/uploads/{uploadId}/complete consumes its upload: before each request that names
 *   the fixture's upload, a new upload is started and hostile image bytes (cut, corrupted, claiming huge
 *   dimensions, not an image) are put at its signed address, so the image checks themselves are fuzzed.
 * - The /admin operations answer 403 to an owner: they are also sent as an administrator (a third
 *   identity), with the other owner's club id replaced by the fuzzing owner's (an administrator may
 *   change any club, so the other owner's data would change by design).
 * - DELETE /users/me and POST /users/me/password need the password and a code the fuzzer never sends:
 *   they are fuzzed like the rest, and the final login shows the account survived.
 */

export const OWNER_PASSWORD = 'Tavolo7$Fuzz';

export type FuzzOwner = { accountId: number; phone: string; totpSecret: string; authorization: string };

export type Fixture = {
  clubId: number;
  menuId: number;
  sectionId: number;
  itemId: number;
  tableId: number;
  zoneId: number;
  schedulingId: number;
  callId?: number;
  uploadId?: string;
  /** The query string of the upload's signed address. */
  uploadQuery?: string;
};

export type Stats = {
  requests: number;
  statuses: Record<string, number>;
  perOperation: Record<string, number>;
  /** Per operation, how often each status answered the owner and the anonymous caller. */
  statusesByOperation: Record<string, Record<string, number>>;
  slowestMs: number;
  slowest: string;
};

export const newStats = (): Stats => ({
  requests: 0,
  statuses: {},
  perOperation: {},
  statusesByOperation: {},
  slowestMs: 0,
  slowest: '',
});

const english = { 'accept-language': 'en' };

const expectStatus = (response: { statusCode: number; body: string }, expected: number, what: string) => {
  if (response.statusCode !== expected)
    throw new Error(
      `${what}: expected ${expected}, got ${response.statusCode} ${response.body.slice(0, 300)}`,
    );
};

/**
 * An owner signed up through the API, its first code confirmed (docs/decisions/0066), email confirmed,
 * logged in with password and code.
 */
export const signUpFuzzOwner = async (app: App, database: DatabaseHandle): Promise<FuzzOwner> => {
  const phone = uniquePhone();
  const signUp = await app.inject({
    method: 'POST',
    url: '/api/v1/users',
    remoteAddress: uniqueAddress(),
    payload: {
      name: 'Fuzz',
      lastName: 'Owner',
      email: `fuzz.${phone}@example.com`,
      phone,
      password: OWNER_PASSWORD,
      passwordTwo: OWNER_PASSWORD,
    },
  });
  expectStatus(signUp, 201, 'sign-up of the fuzzing owner');
  const totpSecret = signUp.json().enrolment.secret as string;
  await confirmSignUp(app, { username: phone, password: OWNER_PASSWORD, secret: totpSecret });
  const [account] = await database.db
    .update(accounts)
    .set({ emailConfirmedAt: new Date() })
    .where(eq(accounts.phone, canonicalTestPhone(phone)))
    .returning();
  if (!account) throw new Error('the fuzzing owner was not stored');
  // The current step's code: accepted even when the step turns before the server checks it (one step of
  // drift), which the previous step's code was not. The final login check uses the next step's code (a
  // code is never accepted twice).
  const token = await logIn(app, phone, totpSecret, Date.now());
  return { accountId: account.id, phone, totpSecret, authorization: `Bearer ${token}` };
};

export const logIn = async (app: App, phone: string, totpSecret: string, at: number) => {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/login',
    remoteAddress: uniqueAddress(),
    payload: { username: phone, password: OWNER_PASSWORD, totp: generateTotp(totpSecret, at) },
  });
  expectStatus(response, 200, 'login of the fuzzing owner');
  return response.json().token as string;
};

/** A new session for the account (after the fuzzer logged it out), as helpers.seedOwner makes them. */
export const newSession = async (database: DatabaseHandle, accountId: number) => {
  const token = newToken();
  await database.db.insert(sessions).values({
    accountId,
    tokenHash: hashToken(token),
    expiresAt: new Date(Date.now() + SESSION_ABSOLUTE_MS),
  });
  return `Bearer ${token}`;
};

/** A club with a menu, a section, an item, a zone, a table, a scheduling, a waiter call and an upload. */
export const makeFixture = async (
  app: App,
  database: DatabaseHandle,
  accountId: number,
  authorization: string,
): Promise<Fixture> => {
  // On the Smart plan (free forever), so the custom theme and the other paid features are reachable.
  const club = await seedClub(database, accountId, { freeForever: true });
  const call = async (method: 'POST' | 'PUT' | 'PATCH' | 'GET', url: string, payload?: object) => {
    const response = await app.inject({
      method,
      url: `/api/v1/clubs/${club.id}${url}`,
      headers: { authorization, ...english },
      ...(payload ? { payload } : {}),
    });
    if (response.statusCode >= 300)
      throw new Error(`fixture ${method} ${url}: ${response.statusCode} ${response.body.slice(0, 300)}`);
    return response.json();
  };
  const menu = await call('POST', '/menu', {
    name: 'Pranzo',
    sections: [{ name: 'Primi', items: [{ name: 'Risotto', price: 12 }] }],
  });
  const zone = await call('POST', '/zones', { name: 'Sala' });
  const tables = await call('PUT', '/tables', { tables: [{ name: 'Tavolo 1', tableZoneId: zone.id }] });
  const schedulings = await call('PUT', `/menu/${menu.id}/schedulings`, { schedulings: [{ days: [1, 2] }] });
  const tableId = tables.tables[0].id as number;
  await call('PATCH', '/settings', { callWaiterEnabled: true });
  await app.inject({
    method: 'POST',
    url: `/api/v1/clubs/${club.id}/menu/tables/${tableId}/waiter-call`,
    remoteAddress: uniqueAddress(),
  });
  const calls = await call('GET', '/waiter-calls');
  const upload = await call('POST', '/uploads', { purpose: 'logo', contentType: 'image/png' });
  return {
    clubId: club.id,
    menuId: menu.id,
    sectionId: menu.sections[0].id,
    itemId: menu.sections[0].items[0].id,
    tableId,
    zoneId: zone.id,
    schedulingId: schedulings.schedulings[0].id,
    ...(calls.calls?.[0]?.id ? { callId: calls.calls[0].id } : {}),
    uploadId: upload.uploadId,
    uploadQuery: String(upload.uploadUrl).split('?')[1] ?? '',
  };
};

/** Another owner's club with the same content: what the fuzzer must never change. */
export const makeOtherOwner = async (app: App, database: DatabaseHandle) => {
  const owner = await seedOwner(database);
  const fixture = await makeFixture(app, database, owner.account.id, owner.authorization);
  return { authorization: owner.authorization, fixture };
};

/**
 * What the other owner reads through the API. Waiter calls and page views are left out: anyone may call
 * a waiter or view a menu of any club, so the anonymous fuzzing changes them by design.
 */
export const snapshotOf = async (app: App, authorization: string, fixture: Fixture) => {
  const club = `/api/v1/clubs/${fixture.clubId}`;
  const reads = [
    '/api/v1/users/me',
    '/api/v1/clubs',
    club,
    `${club}/menu`,
    `${club}/menu/${fixture.menuId}`,
    `${club}/menu/${fixture.menuId}/translations`,
    `${club}/menu/${fixture.menuId}/schedulings`,
    `${club}/menu/${fixture.menuId}/sections/${fixture.sectionId}/items/${fixture.itemId}`,
    `${club}/tables`,
    `${club}/zones`,
    `${club}/themes`,
  ];
  const snapshot: Record<string, unknown> = {};
  for (const url of reads) {
    const response = await app.inject({ method: 'GET', url, headers: { authorization, ...english } });
    snapshot[url] = { status: response.statusCode, body: response.json() };
  }
  return snapshot;
};

/** Real values for a path parameter: the fuzzing owner's, and the other owner's. */
const realPathValues = (name: string, fixture: Fixture): string[] => {
  const fields: Record<string, keyof Fixture> = {
    clubId: 'clubId',
    menuId: 'menuId',
    sectionId: 'sectionId',
    itemId: 'itemId',
    tableId: 'tableId',
    zoneId: 'zoneId',
    schedulingId: 'schedulingId',
    callId: 'callId',
    uploadId: 'uploadId',
  };
  const field = fields[name];
  if (field) return fixture[field] === undefined ? [] : [String(fixture[field])];
  if (name === 'countryIsoCode') return ['IT', 'US', 'it'];
  if (name === 'stateIsoCode') return ['MI', 'CA', '25'];
  if (name === 'brandId') return ['1'];
  return [];
};

const idsOf = (fixture: Fixture) =>
  [
    fixture.clubId,
    fixture.menuId,
    fixture.sectionId,
    fixture.itemId,
    fixture.tableId,
    fixture.zoneId,
    fixture.schedulingId,
    fixture.callId,
  ].filter((id): id is number => id !== undefined);

export type FuzzRequest = {
  /** The path parameters' values, encoded, in order. */
  pathValues: string[];
  query: string;
  body: BodySpec;
  language: string | undefined;
  anonymousAuthorization: string | undefined;
  remoteAddress: string;
  /** What is uploaded before POST .../uploads/{uploadId}/complete. */
  image: Buffer;
};

/** The operation's path with these (already encoded) values for its parameters, in order. */
const pathWith = (operation: Operation, values: string[]) => {
  let index = 0;
  return operation.path.replace(/\{\w+\}/g, () => values[index++] ?? '');
};

export const requestFor = (operation: Operation, own: Fixture, other: Fixture): fc.Arbitrary<FuzzRequest> => {
  const segments = operation.pathParameters.map((parameter) =>
    pathValue(parameter, realPathValues(parameter.name, own), realPathValues(parameter.name, other)),
  );
  const realQueries: Record<string, string[]> = {
    tables: [String(own.tableId), `${own.tableId},${other.tableId}`],
  };
  const query =
    operation.key === 'PUT /api/v1/uploads' && own.uploadQuery
      ? fc.oneof(fc.constant(own.uploadQuery), queryFor(operation, realQueries))
      : queryFor(operation, realQueries);
  return fc.record({
    pathValues: fc.tuple(...segments),
    query,
    body: bodyFor(operation, { own: idsOf(own), others: idsOf(other) }),
    language: acceptLanguage,
    anonymousAuthorization,
    remoteAddress,
    image: imageBytes,
  });
};

const STREAM = 'GET /api/v1/clubs/{clubId}/waiter-calls/events';

type Answer = { status: number; contentType: string; body: string; ms: number };

/** One request through inject, within `timeoutMs`; a stream's headers are its answer. */
export const send = async (
  app: App,
  operation: Operation,
  request: FuzzRequest,
  authorization: string | undefined,
  timeoutMs: number,
): Promise<Answer> => {
  const headers: Record<string, string> = {};
  if (authorization !== undefined) headers.authorization = authorization;
  if (request.language !== undefined) headers['accept-language'] = request.language;
  const { body } = request;
  let payload: string | undefined;
  if (body.kind === 'json' && body.value !== undefined) {
    payload = JSON.stringify(body.value);
    headers['content-type'] = body.contentType ?? 'application/json';
  } else if (body.kind === 'raw') {
    payload = body.text;
    if (body.contentType !== undefined) headers['content-type'] = body.contentType;
  }
  const isStream = operation.key === STREAM;
  const abort = new AbortController();
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms (hang)`)), timeoutMs);
  });
  try {
    const response = await Promise.race([
      app.inject({
        method: operation.method,
        url: `${pathWith(operation, request.pathValues)}${request.query ? `?${request.query}` : ''}`,
        headers,
        remoteAddress: request.remoteAddress,
        ...(payload === undefined ? {} : { payload }),
        ...(isStream ? { payloadAsStream: true, signal: abort.signal } : {}),
      }),
      timeout,
    ]);
    const contentType = String(response.headers['content-type'] ?? '');
    let text: string;
    if (isStream && contentType.startsWith('text/event-stream')) {
      abort.abort();
      text = '';
    } else if (isStream) {
      const chunks: Buffer[] = [];
      for await (const chunk of response.stream()) chunks.push(Buffer.from(chunk));
      text = Buffer.concat(chunks).toString('utf8');
    } else text = response.body;
    return { status: response.statusCode, contentType, body: text, ms: performance.now() - started };
  } finally {
    clearTimeout(timer);
  }
};

/** Why an answer breaks the properties, or null when it keeps them. */
export const problemWith = (answer: Answer): string | null => {
  if (answer.status >= 500) return `server error ${answer.status}: ${answer.body.slice(0, 500)}`;
  if (answer.status < 400) return null;
  if (!answer.contentType.startsWith('application/json'))
    return `error ${answer.status} is ${answer.contentType || 'without a content type'}, not JSON`;
  let parsed: unknown;
  try {
    parsed = JSON.parse(answer.body);
  } catch {
    return `error ${answer.status} is not valid JSON: ${answer.body.slice(0, 200)}`;
  }
  const error = parsed as { status?: unknown; code?: unknown; message?: unknown; issues?: unknown };
  if (error.status !== answer.status)
    return `error body status ${String(error.status)} ≠ HTTP ${answer.status}`;
  if (typeof error.code !== 'string' || error.code === '') return 'error without a string code';
  if (typeof error.message !== 'string' || error.message === '') return 'error without a string message';
  if (/^(validation|errors)\./.test(error.message)) return `untranslated message ${error.message}`;
  if (error.issues !== undefined) {
    if (!Array.isArray(error.issues)) return 'issues is not an array';
    for (const issue of error.issues as Record<string, unknown>[]) {
      if (
        typeof issue.path !== 'string' ||
        typeof issue.key !== 'string' ||
        typeof issue.message !== 'string'
      )
        return `an issue is not {path, key, message}: ${JSON.stringify(issue)}`;
      if (/^(validation|errors)\./.test(issue.message)) return `untranslated issue message ${issue.message}`;
    }
  }
  return null;
};

/** The request as a short text: huge strings cut, so a counterexample can be read and replayed. */
export const describeRequest = (operation: Operation, request: FuzzRequest, as: string) => {
  const cut = (text: string) =>
    text.length > 300
      ? `${JSON.stringify(text.slice(0, 300)).slice(0, -1)}…" (${text.length} chars)`
      : JSON.stringify(text);
  const body =
    request.body.kind === 'none'
      ? 'none'
      : request.body.kind === 'json'
        ? `json ${cut(JSON.stringify(request.body.value) ?? 'undefined')} as ${request.body.contentType ?? 'application/json'}`
        : `raw ${cut(request.body.text)} as ${request.body.contentType ?? '(no content type)'}`;
  return [
    `${operation.method} ${cut(pathWith(operation, request.pathValues))}${request.query ? `?${cut(request.query)}` : ''} as ${as}`,
    `  body: ${body}`,
    `  accept-language: ${request.language ?? '(none)'}, from ${request.remoteAddress}`,
  ].join('\n');
};

const COMPLETE_UPLOAD = 'POST /api/v1/clubs/{clubId}/uploads/{uploadId}/complete';

/** Starts an upload for the fixture's club and puts `bytes` at its signed address; answers its id. */
const uploadBytes = async (app: App, owner: FuzzOwner, own: Fixture, bytes: Buffer) => {
  const started = await app.inject({
    method: 'POST',
    url: `/api/v1/clubs/${own.clubId}/uploads`,
    headers: { authorization: owner.authorization },
    payload: { purpose: 'logo', contentType: 'image/png' },
  });
  expectStatus(started, 201, 'upload start');
  const { uploadId, uploadUrl } = started.json() as { uploadId: string; uploadUrl: string };
  if (bytes.length > 0) {
    const put = await app.inject({
      method: 'PUT',
      url: uploadUrl,
      headers: { 'content-type': 'image/png' },
      payload: bytes,
    });
    expectStatus(put, 204, 'upload of the hostile bytes');
  }
  return uploadId;
};

/** The seed of one operation: the run's seed mixed with the operation's name, so each replays alone. */
export const seedOf = (baseSeed: number, operation: Operation) =>
  (baseSeed ^ createHash('sha256').update(operation.key).digest().readInt32BE(0)) | 0;

export type FuzzSettings = { seed: number; runs: number; timeoutMs: number; path?: string; shrink: boolean };

/**
 * Runs `settings.runs` hostile requests against one operation, each sent as the owner and anonymously.
 * Throws fast-check's report (seed, path, counterexample) on the first answer that breaks a property.
 */
export const fuzzOperation = async (
  app: App,
  database: DatabaseHandle,
  operation: Operation,
  owner: FuzzOwner,
  own: Fixture,
  other: Fixture,
  settings: FuzzSettings,
  stats: Stats,
  adminAuthorization: string,
) => {
  const isAdminOperation = operation.path.startsWith('/api/v1/admin/');
  const identities = isAdminOperation
    ? (['owner', 'anonymous', 'admin'] as const)
    : (['owner', 'anonymous'] as const);
  const property = fc.asyncProperty(requestFor(operation, own, other), async (generated) => {
    for (const as of identities) {
      const authorization =
        as === 'owner'
          ? owner.authorization
          : as === 'admin'
            ? adminAuthorization
            : generated.anonymousAuthorization;
      let request = generated;
      if (operation.key === COMPLETE_UPLOAD && own.uploadId && generated.pathValues[1] === own.uploadId)
        request = {
          ...generated,
          pathValues: [generated.pathValues[0] ?? '', await uploadBytes(app, owner, own, generated.image)],
        };
      // An administrator may change any club: pointed at the fuzzing owner's, not at the other owner's.
      // Any club id the fuzzer made ("+1", "1e0", a random one) could name the other owner's club.
      if (as === 'admin')
        request = {
          ...request,
          pathValues: request.pathValues.map((value, index) =>
            operation.pathParameters[index]?.name === 'clubId' ? String(own.clubId) : value,
          ),
        };
      let answer: Answer;
      try {
        answer = await send(app, operation, request, authorization, settings.timeoutMs);
      } catch (error) {
        throw new Error(`${(error as Error).message}\n${describeRequest(operation, request, as)}`);
      }
      stats.requests += 1;
      stats.perOperation[operation.key] = (stats.perOperation[operation.key] ?? 0) + 1;
      stats.statuses[answer.status] = (stats.statuses[answer.status] ?? 0) + 1;
      const byStatus = stats.statusesByOperation[operation.key] ?? {};
      stats.statusesByOperation[operation.key] = byStatus;
      byStatus[`${as} ${answer.status}`] = (byStatus[`${as} ${answer.status}`] ?? 0) + 1;
      if (answer.ms > stats.slowestMs) {
        stats.slowestMs = answer.ms;
        stats.slowest = operation.key;
      }
      const problem = problemWith(answer);
      if (problem) throw new Error(`${problem}\n${describeRequest(operation, request, as)}`);
      if (as === 'owner' && operation.key === 'POST /api/v1/logout' && answer.status === 204)
        owner.authorization = await newSession(database, owner.accountId);
    }
  });
  await fc.assert(property, {
    seed: seedOf(settings.seed, operation),
    numRuns: settings.runs,
    endOnFailure: !settings.shrink,
    includeErrorInReport: true,
    ...(settings.path ? { path: settings.path } : {}),
  });
};
