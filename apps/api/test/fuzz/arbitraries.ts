// Over 300 lines, one job: the fuzzer's generators, each built on those above it (hostile strings and
// numbers, values from a schema, their mutations, then bodies, paths, queries, headers and image bytes).
import fc from 'fast-check';
import { PNG } from 'pngjs';
import type { JsonSchema, Operation, Parameter } from './openapi.ts';

/**
 * fast-check arbitraries for hostile requests: values drawn from an operation's schemas, then broken
 * (wrong types, missing and extra properties, huge strings, deep nesting, control characters, lone
 * surrogates, injection strings, numbers out of range), invalid JSON, wrong content types, and path
 * and query values likewise.
 */

const INJECTIONS = [
  "' OR 1=1--",
  "'; DROP TABLE clubs;--",
  '" OR ""="',
  '1); select pg_sleep(10);--',
  '<script>alert(1)</script>',
  '"><img src=x onerror=alert(1)>',
  '../../etc/passwd',
  '..\\..\\windows\\win.ini',
  '%2e%2e%2f%2e%2e%2f',
  '{{7*7}}',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template injection probe, sent as text.
  '${7*7}',
  '#{7*7}',
  '<%= 7*7 %>',
  '{"$gt": ""}',
  '$where',
  'javascript:alert(1)',
  'file:///etc/passwd',
  'http://169.254.169.254/latest/meta-data/',
  '\\',
  '%',
  '%00',
  '__proto__',
  'constructor',
];

const ODD_TEXT = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0007',
  '\u001b[31mred',
  '\r\n',
  '\u2028\u2029',
  '\ufeff',
  '\ud800',
  '\udfff',
  'x\udc00y',
  '\ud83d',
  '\u202eevil',
  '😀',
  'Ω≈ç√∫',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '1e308',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '0x1F',
  'true',
  '[]',
  '{}',
];

const controlCharacter = fc
  .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
  .map((code) => String.fromCharCode(code));
const loneSurrogate = fc.integer({ min: 0xd800, max: 0xdfff }).map((code) => String.fromCharCode(code));

/** Strings of about 10 kB up to just over 1 MB (the body limit): rare, they are slow to send. */
const hugeString = fc
  .tuple(fc.constantFrom(10_000, 100_001, 1_000_000, 1_048_577), fc.constantFrom('x', 'é', '\u0000', '😀'))
  .map(([length, unit]) => unit.repeat(Math.ceil(length / unit.length)));

export const hostileString: fc.Arbitrary<string> = fc.oneof(
  { arbitrary: fc.constantFrom(...INJECTIONS, ...ODD_TEXT), weight: 6 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 30 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }), weight: 1 },
  {
    arbitrary: fc
      .array(fc.oneof(fc.string({ maxLength: 4 }), controlCharacter, loneSurrogate), { maxLength: 8 })
      .map((parts) => parts.join('')),
    weight: 3,
  },
  {
    arbitrary: fc.integer({ min: 41, max: 5000 }).map((length) => 'A'.repeat(length)),
    weight: 1,
  },
  { arbitrary: hugeString, weight: 1 },
);

export const hostileNumber: fc.Arbitrary<number> = fc.oneof(
  fc.constantFrom(
    2_147_483_648,
    2_147_483_647,
    -2_147_483_649,
    -1,
    0,
    -0,
    1.5,
    0.1,
    1e308,
    -1e308,
    5e-324,
    Number.MAX_SAFE_INTEGER,
    2 ** 53 + 2,
    1e21,
    999_999.999,
    1_000_000,
  ),
  fc.double({ noNaN: true, noDefaultInfinity: true }),
  fc.integer(),
);

/** `[[[...1...]]]` or `{"a":{"a":...}}`, built without recursion. */
export const nest = (depth: number, inner: unknown, asArray: boolean): unknown => {
  let value = inner;
  for (let level = 0; level < depth; level += 1) value = asArray ? [value] : { a: value };
  return value;
};

const deepValue = fc
  .tuple(fc.integer({ min: 20, max: 3000 }), fc.boolean())
  .map(([depth, asArray]) => nest(depth, 1, asArray));

export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: hostileString, weight: 5 },
  { arbitrary: hostileNumber, weight: 3 },
  { arbitrary: fc.constantFrom(true, false, null, [], {}), weight: 2 },
  { arbitrary: fc.array(fc.oneof(hostileString, hostileNumber), { maxLength: 4 }), weight: 1 },
  { arbitrary: fc.dictionary(hostileString, hostileString, { maxKeys: 3 }), weight: 1 },
  { arbitrary: deepValue, weight: 1 },
);

const hostileKey = fc.oneof(
  fc.constantFrom(
    '__proto__',
    'constructor',
    'prototype',
    'id',
    'ownerId',
    'clubId',
    'accountId',
    'isAdmin',
    'admin',
    'status',
    '',
    '\u0000',
    '\ud800',
    'a'.repeat(1000),
  ),
  fc.string({ maxLength: 12 }),
);

const typesOf = (schema: JsonSchema): string[] =>
  Array.isArray(schema.type) ? (schema.type as string[]) : schema.type ? [String(schema.type)] : [];

const number = (value: unknown, fallback: number) => (typeof value === 'number' ? value : fallback);

const stringFromSchema = (schema: JsonSchema): fc.Arbitrary<string> => {
  const minLength = number(schema.minLength, 0);
  const maxLength = Math.max(minLength, Math.min(number(schema.maxLength, 40), 60));
  if (typeof schema.pattern === 'string') {
    try {
      return fc.stringMatching(new RegExp(schema.pattern));
    } catch {
      // A pattern fast-check cannot invert: plain strings then.
    }
  }
  switch (schema.format) {
    case 'email':
      return fc.emailAddress();
    case 'uri':
      return fc.webUrl();
    case 'date-time':
      return fc.date({ noInvalidDate: true }).map((date) => date.toISOString());
    default: {
      // Mostly plausible words, so requests get past validation to the code behind it.
      const words = fc
        .stringMatching(/^[A-Z][a-z]{1,8}( [a-z]{1,8})?$/)
        .filter((text) => text.length >= minLength && text.length <= maxLength);
      const plain = fc.string({ minLength, maxLength });
      return minLength <= 10 && maxLength >= 2 ? fc.oneof({ arbitrary: words, weight: 3 }, plain) : plain;
    }
  }
};

/**
 * Ids that exist: the fuzzing owner's (`own`, most of the time, so bodies naming rows get past the
 * lookups) and the other owner's (`others`, which must never be changed through the fuzzing owner's club).
 */
export type KnownIds = { own: number[]; others: number[] };

const isIdLike = (schema: JsonSchema) => schema.minimum === 1 && schema.maximum === 2_147_483_647;

/** A value the schema takes (mostly): the starting point the mutations break. */
export const valueFromSchema = (
  schema: JsonSchema,
  depth = 0,
  ids: KnownIds = { own: [], others: [] },
): fc.Arbitrary<unknown> => {
  if (depth > 8) return fc.constant(null);
  if ('const' in schema) return fc.constant(schema.const);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return fc.constantFrom(...schema.enum);
  const choices = (schema.anyOf ?? schema.oneOf) as JsonSchema[] | undefined;
  if (choices?.length) return fc.oneof(...choices.map((choice) => valueFromSchema(choice, depth + 1, ids)));
  if (Array.isArray(schema.allOf))
    return valueFromSchema(Object.assign({}, ...(schema.allOf as JsonSchema[])), depth + 1, ids);
  const types = typesOf(schema);
  if (types.length > 1)
    return fc.oneof(...types.map((type) => valueFromSchema({ ...schema, type }, depth, ids)));
  switch (types[0]) {
    case 'string':
      return stringFromSchema(schema);
    case 'integer': {
      const anyInteger = fc.integer({
        min: Math.max(number(schema.minimum, -(2 ** 31)), Number.MIN_SAFE_INTEGER),
        max: Math.min(number(schema.maximum, 2 ** 31 - 1), Number.MAX_SAFE_INTEGER),
      });
      if (!isIdLike(schema) || ids.own.length === 0) return anyInteger;
      return fc.oneof(
        { arbitrary: fc.constantFrom(...ids.own), weight: 6 },
        ...(ids.others.length > 0 ? [{ arbitrary: fc.constantFrom(...ids.others), weight: 2 }] : []),
        { arbitrary: anyInteger, weight: 1 },
      );
    }
    case 'number':
      return fc.oneof(
        fc.integer({
          min: Math.ceil(Math.max(number(schema.minimum, -1e6), -1e6)),
          max: Math.floor(Math.min(number(schema.maximum, 1e6), 1e6)),
        }),
        fc.double({
          min: number(schema.minimum, -1e6),
          max: number(schema.maximum, 1e6),
          noNaN: true,
          noDefaultInfinity: true,
        }),
      );
    case 'boolean':
      return fc.boolean();
    case 'null':
      return fc.constant(null);
    case 'array': {
      const items = (schema.items ?? {}) as JsonSchema;
      const minLength = number(schema.minItems, 0);
      return fc.array(valueFromSchema(items, depth + 1, ids), {
        minLength,
        maxLength: Math.max(minLength, Math.min(number(schema.maxItems, 4), 4)),
      });
    }
    case 'object': {
      const properties = (schema.properties ?? {}) as Record<string, JsonSchema>;
      const required = (schema.required ?? []) as string[];
      const model = Object.fromEntries(
        Object.entries(properties).map(([name, property]) => [
          name,
          valueFromSchema(property, depth + 1, ids),
        ]),
      );
      const record = fc.record(model, { requiredKeys: required.filter((name) => name in properties) });
      const additional = schema.additionalProperties;
      if (typeof additional !== 'object' || additional === null) return record;
      const names = (schema.propertyNames ?? {}) as JsonSchema;
      const key = valueFromSchema({ type: 'string', ...names }, depth + 1, ids).map(String);
      return fc
        .tuple(
          record,
          fc.dictionary(key, valueFromSchema(additional as JsonSchema, depth + 1, ids), { maxKeys: 3 }),
        )
        .map(([fixed, extra]) => ({ ...extra, ...fixed }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
};

type Mutation = {
  at: number;
  kind: 'replace' | 'delete' | 'extra' | 'nest' | 'stringify' | 'wrap';
  key: string;
  value: unknown;
  depth: number;
};

const mutation: fc.Arbitrary<Mutation> = fc.record({
  at: fc.nat(),
  kind: fc.constantFrom('replace', 'replace', 'delete', 'extra', 'nest', 'stringify', 'wrap'),
  key: hostileKey,
  value: hostileValue,
  depth: fc.integer({ min: 2, max: 500 }),
});

/** A deep copy of a JSON-like value (the generated one stays as fast-check made it). */
const copy = (value: unknown): unknown => {
  if (Array.isArray(value)) return value.map(copy);
  if (typeof value === 'object' && value !== null) {
    const result: Record<string, unknown> = {};
    for (const [key, entry] of Object.entries(value)) setOwn(result, key, copy(entry));
    return result;
  }
  return value;
};

/** `target[key] = value`, as an own property even for "__proto__" (it reaches the JSON text). */
const setOwn = (target: Record<string, unknown>, key: string, value: unknown) =>
  Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });

type Slot = { parent: Record<string, unknown> | unknown[] | null; key: string | number };

const slotsOf = (root: unknown): Slot[] => {
  const slots: Slot[] = [{ parent: null, key: '' }];
  const stack: unknown[] = [root];
  while (stack.length > 0 && slots.length < 200) {
    const node = stack.pop();
    if (Array.isArray(node)) {
      node.forEach((entry, index) => {
        slots.push({ parent: node, key: index });
        stack.push(entry);
      });
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, entry] of Object.entries(node)) {
        slots.push({ parent: node as Record<string, unknown>, key });
        stack.push(entry);
      }
    }
  }
  return slots;
};

export const applyMutations = (value: unknown, mutations: Mutation[]): unknown => {
  let root = copy(value);
  for (const change of mutations) {
    const slots = slotsOf(root);
    const slot = slots[change.at % slots.length] as Slot;
    const current = slot.parent === null ? root : (slot.parent as Record<string, unknown>)[slot.key];
    let next: unknown = current;
    switch (change.kind) {
      case 'replace':
        next = change.value;
        break;
      case 'nest':
        next = nest(change.depth, current, change.depth % 2 === 0);
        break;
      case 'stringify':
        next = typeof current === 'string' ? Number(current) : JSON.stringify(current ?? null);
        break;
      case 'wrap':
        next = [current];
        break;
      case 'extra':
        if (Array.isArray(current)) next = [...current, change.value];
        else if (typeof current === 'object' && current !== null) {
          next = copy(current);
          setOwn(next as Record<string, unknown>, change.key, change.value);
        } else next = { [change.key]: change.value };
        break;
      case 'delete':
        if (slot.parent === null) return undefined;
        if (Array.isArray(slot.parent)) slot.parent.splice(Number(slot.key), 1);
        else delete slot.parent[slot.key as string];
        continue;
    }
    if (slot.parent === null) root = next;
    else if (Array.isArray(slot.parent)) slot.parent[Number(slot.key)] = next;
    else setOwn(slot.parent, String(slot.key), next);
  }
  return root;
};

/** A value for a schema: as documented, broken in one to three places, or anything hostile. */
export const hostileFromSchema = (schema: JsonSchema, ids: KnownIds): fc.Arbitrary<unknown> =>
  fc.oneof(
    { arbitrary: valueFromSchema(schema, 0, ids), weight: 5 },
    {
      arbitrary: fc
        .tuple(valueFromSchema(schema, 0, ids), fc.array(mutation, { minLength: 1, maxLength: 3 }))
        .map(([value, mutations]) => applyMutations(value, mutations)),
      weight: 5,
    },
    { arbitrary: hostileValue, weight: 1 },
  );

export const CONTENT_TYPES = [
  'application/json',
  'application/json; charset=utf-8',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json, text/plain',
  'application/vnd.api+json',
  'application/merge-patch+json',
  'text/plain',
  'text/plain; charset=utf-8',
  'text/html',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=----fuzz',
  'multipart/form-data',
  'application/xml',
  'application/octet-stream',
  'image/png',
  'image/jpeg',
  '*/*',
  'application/json; boundary=',
  '',
];

const INVALID_JSON = [
  '{',
  '}',
  '{"a":1,}',
  "{'a':1}",
  '[1,2',
  'nul',
  'undefined',
  'NaN',
  '\u0000',
  '{"a":"\\ud800"}',
  '{"a":"\\u0000"}',
  '{"a":"\\uZZZZ"}',
  '{"__proto__":{"isAdmin":true}}',
  '{"constructor":{"prototype":{"isAdmin":true}}}',
  '{"a":1}{"b":2}',
  '{"a":1,"a":2}',
  '"just a string"',
  '123',
  '1e999',
  'true',
  'null',
  '[]',
  '',
  ' ',
  '\ufeff{}',
  '{"a":01}',
  '{"a":-}',
  '{"a":1e}',
];

const deepJsonText = fc
  .tuple(fc.integer({ min: 100, max: 200_000 }), fc.boolean(), fc.boolean())
  .map(([depth, asArray, closed]) => {
    const [open, close] = asArray ? ['[', ']'] : ['{"a":', '}'];
    return open.repeat(depth) + (asArray ? '' : '1') + (closed ? close.repeat(depth) : '');
  });

const multipartBody = fc
  .tuple(fc.string({ maxLength: 12 }), hostileString)
  .map(
    ([name, value]) =>
      `------fuzz\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n------fuzz--\r\n`,
  );

export type BodySpec =
  | { kind: 'none' }
  | { kind: 'json'; value: unknown; contentType?: string }
  | { kind: 'raw'; text: string; contentType?: string };

const optionalContentType = fc.option(fc.constantFrom(...CONTENT_TYPES), { nil: undefined });

/** A body for the operation: its JSON broken, invalid JSON, a wrong content type, or none. */
export const bodyFor = (operation: Operation, ids: KnownIds): fc.Arbitrary<BodySpec> => {
  const value = operation.body ? hostileFromSchema(operation.body, ids) : hostileValue;
  return fc.oneof(
    { arbitrary: value.map((entry): BodySpec => ({ kind: 'json', value: entry })), weight: 8 },
    {
      arbitrary: fc
        .tuple(value, fc.constantFrom(...CONTENT_TYPES))
        .map(([entry, contentType]): BodySpec => ({ kind: 'json', value: entry, contentType })),
      weight: 2,
    },
    {
      arbitrary: fc
        .tuple(
          fc.oneof(fc.constantFrom(...INVALID_JSON), deepJsonText, multipartBody, hostileString),
          optionalContentType,
        )
        .map(
          ([text, contentType]): BodySpec => ({
            kind: 'raw',
            text,
            contentType: contentType ?? 'application/json',
          }),
        ),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fc.oneof(fc.constantFrom(...INVALID_JSON), multipartBody, hostileString), optionalContentType)
        .map(
          ([text, contentType]): BodySpec => ({
            kind: 'raw',
            text,
            ...(contentType === undefined ? {} : { contentType }),
          }),
        ),
      weight: 2,
    },
    { arbitrary: fc.constant<BodySpec>({ kind: 'none' }), weight: operation.body ? 1 : 4 },
  );
};

/** Percent-encodes like encodeURIComponent, lone surrogates too (as the bytes of their WTF-8 form). */
export const encode = (text: string): string => {
  let result = '';
  for (const character of text) {
    try {
      result += encodeURIComponent(character);
    } catch {
      const code = character.charCodeAt(0);
      result += [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join('');
    }
  }
  return result;
};

const RAW_SEGMENTS = [
  '%E0%A4%A',
  '%',
  '%zz',
  '%00',
  '..',
  '.',
  '%2F',
  '%2e%2e%2fetc%2fpasswd',
  '1%2F2',
  '1;2',
  '1,2',
  ' 1',
  '+1',
  '1e3',
  '0x10',
  '%D9%A1',
  '1'.repeat(101),
  '9'.repeat(40),
];

/**
 * Text for a path parameter, encoded: mostly the fuzzing owner's real id (so requests get past the
 * lookups), else the other owner's, an impossible id, or anything hostile.
 */
export const pathValue = (parameter: Parameter, own: string[], others: string[]): fc.Arbitrary<string> =>
  fc.oneof(
    { arbitrary: own.length > 0 ? fc.constantFrom(...own) : fc.constant('1'), weight: 12 },
    { arbitrary: others.length > 0 ? fc.constantFrom(...others) : fc.constant('2'), weight: 2 },
    {
      arbitrary: fc.constantFrom('0', '-1', '1.5', '2147483647', '2147483648', '99999999999999999999', 'abc'),
      weight: 2,
    },
    { arbitrary: valueFromSchema(parameter.schema).map((value) => encode(String(value))), weight: 1 },
    { arbitrary: hostileString.filter((text) => text.length < 3000).map(encode), weight: 1 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
  );

const queryValue = (parameter: Parameter, realValues: string[]) =>
  fc.oneof(
    { arbitrary: valueFromSchema(parameter.schema).map((value) => encode(String(value))), weight: 4 },
    { arbitrary: hostileString.filter((text) => text.length < 20_000).map(encode), weight: 3 },
    { arbitrary: fc.constantFrom(...RAW_SEGMENTS), weight: 1 },
    ...(realValues.length > 0 ? [{ arbitrary: fc.constantFrom(...realValues), weight: 2 }] : []),
  );

/** A query string (without "?"): the documented parameters, broken, repeated or missing, and extra ones. */
export const queryFor = (
  operation: Operation,
  realValues: Record<string, string[]>,
): fc.Arbitrary<string> => {
  const declared = operation.queryParameters.map((parameter) =>
    fc.option(
      fc
        .tuple(queryValue(parameter, realValues[parameter.name] ?? []), fc.integer({ min: 1, max: 3 }))
        .map(([value, times]) => Array(times).fill(`${parameter.name}=${value}`).join('&')),
      { freq: 4, nil: '' },
    ),
  );
  const extra = fc.array(
    fc.oneof(
      fc
        .tuple(
          hostileKey,
          hostileString.filter((text) => text.length < 2000),
        )
        .map(([key, value]) => `${encode(key)}=${encode(value)}`),
      fc.constantFrom(
        'a[b][c]=1',
        '=',
        '&&',
        'x',
        '%',
        'x=%zz',
        'x=%00',
        '__proto__[admin]=1',
        'days=-1',
        'page=1e999',
      ),
    ),
    { maxLength: 2 },
  );
  return fc
    .tuple(fc.tuple(...declared), extra)
    .map(([parts, extras]) => [...parts, ...extras].filter((part) => part !== '').join('&'));
};

/** Safe for a header (light-my-request refuses others): printable ASCII. */
const headerText = fc.string({
  unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)),
  maxLength: 80,
});

export const acceptLanguage = fc.option(
  fc.oneof(fc.constantFrom('en', 'it', 'de', 'xx', '*', 'en;q=abc', 'it-IT,it;q=0.9', ''), headerText),
  { nil: undefined },
);

/** What an anonymous caller sends as Authorization: nothing, or a token that is not one. */
export const anonymousAuthorization = fc.option(
  fc.oneof(
    fc.constantFrom(
      'Bearer',
      'Bearer ',
      'Basic dXNlcjpwYXNz',
      'Bearer null',
      "Bearer ' OR 1=1--",
      'bearer x.y.z',
    ),
    headerText.map((text) => `Bearer ${text}`),
  ),
  { nil: undefined, freq: 2 },
);

export const remoteAddress = fc
  .tuple(fc.nat(255), fc.nat(255), fc.integer({ min: 1, max: 254 }))
  .map(([b, c, d]) => `10.${b}.${c}.${d}`);

const smallPng = () => {
  const png = new PNG({ width: 4, height: 4 });
  png.data.fill(200);
  return PNG.sync.write(png);
};

/** A PNG header claiming `width` × `height` pixels, without (valid) pixels after it. */
const pngClaiming = (width: number, height: number) => {
  const header = Buffer.from(smallPng());
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
};

/**
 * The bytes of an upload: a real small PNG, one cut short or with bytes flipped, a header claiming huge
 * dimensions, a JPEG start with garbage, text, or nothing.
 */
export const imageBytes: fc.Arbitrary<Buffer> = fc.oneof(
  fc.constant(null).map(() => smallPng()),
  fc.integer({ min: 1, max: 120 }).map((length) => smallPng().subarray(0, length)),
  fc.tuple(fc.nat(), fc.integer({ min: 0, max: 255 })).map(([at, byte]) => {
    const png = Buffer.from(smallPng());
    png[at % png.length] = byte;
    return png;
  }),
  fc
    .tuple(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 0, max: 2 ** 32 - 1 }))
    .map(([width, height]) => pngClaiming(width, height)),
  fc
    .uint8Array({ maxLength: 2000 })
    .map((bytes) => Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.from(bytes)])),
  hostileString.filter((text) => text.length < 100_000).map((text) => Buffer.from(text)),
  fc.constant(Buffer.alloc(0)),
);
