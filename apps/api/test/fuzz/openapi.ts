/** The operations of the app's own OpenAPI document (`app.swagger()`), as the fuzzer walks them. */

export type JsonSchema = { [key: string]: unknown };

export type Parameter = { name: string; in: 'path' | 'query'; required: boolean; schema: JsonSchema };

export type Operation = {
  /** "POST /api/v1/clubs/{clubId}/menu": the name in reports and in FUZZ_OPERATION. */
  key: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** The OpenAPI path, parameters in braces. */
  path: string;
  pathParameters: Parameter[];
  queryParameters: Parameter[];
  /** The JSON body's schema, when the operation takes one. */
  body?: JsonSchema;
  /** Documented as needing a bearer token. */
  isSecured: boolean;
};

type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components?: { schemas?: Record<string, JsonSchema> };
};
type OpenApiOperation = {
  parameters?: { name: string; in: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  security?: unknown[];
};

const METHODS = ['get', 'post', 'put', 'patch', 'delete'] as const;

/** Replaces `$ref`s to components/schemas by the schema itself (the document has few, none recursive). */
const resolveRefs = (schema: unknown, components: Record<string, JsonSchema>, depth = 0): unknown => {
  if (depth > 20 || typeof schema !== 'object' || schema === null) return schema;
  if (Array.isArray(schema)) return schema.map((entry) => resolveRefs(entry, components, depth + 1));
  const { $ref, ...rest } = schema as JsonSchema;
  if (typeof $ref === 'string') {
    const name = $ref.split('/').pop() ?? '';
    return resolveRefs({ ...components[name], ...rest }, components, depth + 1);
  }
  return Object.fromEntries(
    Object.entries(rest).map(([key, value]) => [key, resolveRefs(value, components, depth + 1)]),
  );
};

export const operationsOf = (document: unknown): Operation[] => {
  const { paths, components } = document as OpenApiDocument;
  const schemas = components?.schemas ?? {};
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(paths)) {
    for (const method of METHODS) {
      const operation = item[method];
      if (!operation) continue;
      const parameters = (operation.parameters ?? []).map(
        (parameter): Parameter => ({
          name: parameter.name,
          in: parameter.in as 'path' | 'query',
          required: parameter.required ?? parameter.in === 'path',
          schema: resolveRefs(parameter.schema ?? {}, schemas) as JsonSchema,
        }),
      );
      const body = operation.requestBody?.content?.['application/json']?.schema;
      const upper = method.toUpperCase() as Operation['method'];
      operations.push({
        key: `${upper} ${path}`,
        method: upper,
        path,
        pathParameters: parameters.filter((parameter) => parameter.in === 'path'),
        queryParameters: parameters.filter((parameter) => parameter.in === 'query'),
        ...(body ? { body: resolveRefs(body, schemas) as JsonSchema } : {}),
        isSecured: (operation.security ?? []).length > 0,
      });
    }
  }
  return operations;
};
