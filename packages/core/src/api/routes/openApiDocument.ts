import { z } from 'zod';
import { ErrorEnvelope, successEnvelope } from '../envelope.js';
import { API, routeList } from './API.js';
import {
  ANY_MEMBER,
  type ErrorStatus,
  permissionOf,
  type RouteContract,
  type RouteGroup,
} from './RouteContract.js';

type Json = Record<string, unknown>;

const ERROR_DESCRIPTIONS: Record<ErrorStatus, string> = {
  400: 'Invalid input: `message` is the first field message, `errors` has every field',
  401: 'No valid session',
  402: 'The payment was declined: `message` says why',
  403: 'The session may not do this',
  404: 'Not found (or not the caller’s)',
  409: 'In conflict with the current state',
  413: 'Too large',
  422: 'Refused by a rule of the product',
  429: 'Too many requests',
  500: 'Unexpected failure',
  502: 'A service behind the API failed',
  503: 'Not set up on this server',
};

/**
 * Every status a route may answer besides success: the ones its checks imply (input
 * validation, session, permission and tag gates, rate limit, unexpected failure) and the ones
 * its handler declares.
 */
export function errorStatusesOf(contract: RouteContract): ErrorStatus[] {
  const statuses = new Set<ErrorStatus>(contract.errors ?? []);
  if (contract.params || contract.query || contract.body || contract.bodyKind) statuses.add(400);
  if (contract.auth === undefined || contract.auth === 'user') {
    statuses.add(401);
    if (
      contract.permission !== ANY_MEMBER ||
      contract.tag ||
      contract.notForDesigners ||
      contract.sessionOnly
    ) {
      statuses.add(403);
    }
  }
  if (contract.rateLimit) statuses.add(429);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}

function jsonSchemaOf(schema: z.ZodType, io: 'input' | 'output'): Json {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    target: 'openapi-3.0',
  }) as Json;
  delete json.$schema;
  return json;
}

/** `/seller/campaign/:id` → `/seller/campaign/{id}`; a trailing `*` becomes `{path}`. */
function openApiPath(path: string): string {
  return path.replace(/:([A-Za-z_]+)/g, '{$1}').replace(/\*$/, '{path}');
}

function pathParameters(contract: RouteContract): Json[] {
  const names = [...contract.path.matchAll(/:([A-Za-z_]+)/g)].map((match) => match[1] ?? '');
  const properties = contract.params
    ? ((jsonSchemaOf(contract.params, 'input').properties ?? {}) as Record<string, Json>)
    : {};
  const params: Json[] = names.map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: properties[name] ?? { type: 'string' },
  }));
  if (contract.path.endsWith('*')) {
    params.push({
      name: 'path',
      in: 'path',
      required: true,
      description: 'The rest of the path: the stored key',
      schema: { type: 'string' },
    });
  }
  return params;
}

function queryParameters(contract: RouteContract): Json[] {
  if (!contract.query) return [];
  const schema = jsonSchemaOf(contract.query, 'input');
  const required = new Set((schema.required ?? []) as string[]);
  return Object.entries((schema.properties ?? {}) as Record<string, Json>).map(
    ([name, property]) => ({
      name,
      in: 'query',
      required: required.has(name),
      ...(typeof property.description === 'string' ? { description: property.description } : {}),
      schema: property,
    }),
  );
}

function requestBody(contract: RouteContract): Json | undefined {
  if (contract.bodyKind === 'raw') {
    return {
      required: true,
      content: { '*/*': { schema: { type: 'string', format: 'binary' } } },
    };
  }
  if (contract.bodyKind === 'multipart') {
    const fields = contract.body ? jsonSchemaOf(contract.body, 'input') : {};
    return {
      required: true,
      content: {
        'multipart/form-data': {
          schema: {
            type: 'object',
            properties: {
              file: { type: 'string', format: 'binary' },
              ...((fields.properties ?? {}) as Json),
            },
            required: ['file', ...((fields.required ?? []) as string[])],
          },
        },
      },
    };
  }
  if (!contract.body) return undefined;
  return {
    required: !contract.body.safeParse(undefined).success,
    content: { 'application/json': { schema: jsonSchemaOf(contract.body, 'input') } },
  };
}

function successResponse(contract: RouteContract): Json {
  if (contract.answer) {
    const schema =
      contract.answer.kind === 'text' ? { type: 'string' } : { type: 'string', format: 'binary' };
    return { description: 'Success', content: { [contract.answer.contentType]: { schema } } };
  }
  return {
    description: 'Success',
    content: {
      'application/json': { schema: jsonSchemaOf(successEnvelope(contract.response), 'output') },
    },
  };
}

/** Who may call, in words, for the description (the same fact is `x-permission`). */
function accessLines(contract: RouteContract): string[] {
  const permission = permissionOf(contract);
  const lines: string[] = [];
  if (contract.auth === 'none') lines.push('Public: no session needed.');
  else if (contract.auth === 'optional') {
    lines.push(
      permission
        ? `Session optional; it counts only when it holds \`${permission}\`.`
        : 'Session optional.',
    );
  } else if (permission === ANY_MEMBER) lines.push('Permission: any member of the account.');
  else lines.push(`Permission: \`${permission}\`.`);
  if (contract.auth === undefined || contract.auth === 'user') {
    if (contract.tag) {
      lines.push(
        `The seller must carry the tag ${contract.tag.map((t) => `\`${t}\``).join(' or ')}.`,
      );
    }
    if (contract.notForDesigners) lines.push('Not for designers.');
    if (contract.sessionOnly) lines.push('Needs a signed-in session: API keys are refused.');
  }
  return lines;
}

function operation(group: string, name: string, contract: RouteContract): Json {
  const parameters = [...pathParameters(contract), ...queryParameters(contract)];
  const body = requestBody(contract);
  const responses: Json = { 200: successResponse(contract) };
  for (const status of errorStatusesOf(contract)) {
    responses[status] = {
      description: ERROR_DESCRIPTIONS[status],
      content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
    };
  }
  const member = contract.auth === undefined || contract.auth === 'user';
  return {
    operationId: `${group}.${name}`,
    summary: contract.summary,
    description: [contract.description, ...accessLines(contract)].filter(Boolean).join('\n\n'),
    tags: [...contract.tags],
    'x-permission': permissionOf(contract) ?? 'public',
    ...(member && contract.tag ? { 'x-seller-tag': [...contract.tag] } : {}),
    ...(member && contract.notForDesigners ? { 'x-not-for-designers': true } : {}),
    ...(member && contract.sessionOnly ? { 'x-session-only': true } : {}),
    ...(contract.rateLimit ? { 'x-rate-limit': contract.rateLimit } : {}),
    ...(contract.uploadRefs ? { 'x-upload-refs': true } : {}),
    security:
      contract.auth === 'none'
        ? []
        : contract.auth === 'optional'
          ? [{}, { bearer: [] }]
          : [{ bearer: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(body ? { requestBody: body } : {}),
    responses,
  };
}

export interface OpenApiInfo {
  title: string;
  version: string;
  description?: string;
}

/**
 * The OpenAPI 3.0 document of a route table: an operation per route with its summary, its
 * permission (`x-permission` and a line of the description), bearer security where a session
 * is needed, request schemas as inputs, the success envelope, and every error status with the
 * error envelope. Served at `/api/docs`.
 */
export function openApiDocument(
  info: OpenApiInfo,
  table: Readonly<Record<string, RouteGroup>> = API,
): Json {
  const paths: Record<string, Json> = {};
  for (const { group, name, contract } of routeList(table)) {
    const path = openApiPath(contract.path);
    paths[path] = {
      ...paths[path],
      [contract.method.toLowerCase()]: operation(group, name, contract),
    };
  }
  return {
    openapi: '3.0.3',
    info,
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
      schemas: { ErrorEnvelope: jsonSchemaOf(ErrorEnvelope, 'output') },
    },
    paths,
  };
}
