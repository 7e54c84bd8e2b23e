/**
 * The OpenAPI 3.1 document, generated from the agents' routes of the shared route table
 * (src/shared/http-routes.ts) and the contract's zod schemas with zod 4's `z.toJSONSchema`
 * (JSON Schema 2020-12, the dialect OpenAPI 3.1 uses): never by hand.
 */
import * as z from 'zod';
import { ErrorResponseSchema } from '../../../shared/contract';
import { httpRoutesFor, type HttpRoute } from '../../../shared/http-routes';

type JsonSchema = Record<string, unknown>;

function jsonSchema(schema: z.ZodType, io: 'input' | 'output'): JsonSchema {
  // Transforms (a thread id given as "#12") have no JSON Schema form: documented as any value.
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

function queryParameters(route: HttpRoute): JsonSchema[] {
  if (!route.query) return [];
  const schema = jsonSchema(route.query, 'input');
  const properties = (schema['properties'] ?? {}) as Record<string, JsonSchema>;
  const required = new Set((schema['required'] ?? []) as string[]);
  return Object.entries(properties).map(([name, property]) => ({
    name,
    in: 'query',
    required: required.has(name),
    ...(typeof property['description'] === 'string' ? { description: property['description'] } : {}),
    schema: property,
  }));
}

function pathParameters(route: HttpRoute): JsonSchema[] {
  return [...route.path.matchAll(/\{(\w+)\}/g)].map((match) => ({
    name: match[1],
    in: 'path',
    required: true,
    schema: { type: 'integer', minimum: 1 },
  }));
}

const errorResponse = (description: string): JsonSchema => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorResponse' } } },
});

export function buildOpenApiDocument(version: string): JsonSchema {
  const paths: Record<string, Record<string, JsonSchema>> = {};
  for (const [, route] of httpRoutesFor('agent')) {
    const content: Record<string, JsonSchema> = {
      'application/json': { schema: jsonSchema(route.response, 'output') },
    };
    if (route.plainText)
      content['text/plain'] = {
        schema: {
          type: 'string',
          description:
            'With format=compact or format=cited: the response as text for a language model (what the MCP tools return).',
        },
      };
    if (route.eventStream)
      content['text/event-stream'] = {
        schema: {
          type: 'string',
          description:
            'AnswerEvent values as server-sent events (event: <type>, data: <json>), `done` or `error` last.',
        },
      };
    const operation: JsonSchema = {
      operationId: `${route.method.toLowerCase()}${route.path.replace(/[^A-Za-z0-9]+(\w)?/g, (_, next: string | undefined) => (next ?? '').toUpperCase())}`,
      summary: route.summary,
      parameters: [...pathParameters(route), ...queryParameters(route)],
      responses: {
        '200': { description: 'OK', content },
        '400': errorResponse('INVALID_INPUT: the request does not match the schema'),
        '401': errorResponse('UNAUTHORIZED: no or wrong bearer token'),
        '403': errorResponse('FORBIDDEN: a Host other than loopback, or an Origin header'),
        '413': errorResponse('TOO_LARGE: body over 1 MB'),
        '429': errorResponse('RATE_LIMITED, CAPTCHA_REQUIRED, CONSENT_REQUIRED, ENGINE_BLOCKED (see Retry-After)'),
        default: errorResponse('Any other failure, with its code'),
      },
    };
    if (route.body) {
      operation['requestBody'] = {
        required: true,
        content: { 'application/json': { schema: jsonSchema(route.body, 'input') } },
      };
    }
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'Lantern local API',
      version,
      description:
        'Web search, fetch and cited answers for agents on this machine. Loopback only; bearer token from `lantern token`.',
    },
    servers: [{ url: '/' }],
    security: [{ bearer: [] }],
    paths,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { ErrorResponse: jsonSchema(ErrorResponseSchema, 'output') },
    },
  };
}
