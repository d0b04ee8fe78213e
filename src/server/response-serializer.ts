import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError } from 'fastify-type-provider-zod';
import { z } from '@shared/zod-config';

type RouteResponseSchema = z.ZodType | { properties: z.ZodType };

/** Fastify may wrap a schema it takes for JSON shorthand in `{ type: 'object', properties }`. */
const unwrap = (schema: RouteResponseSchema): z.ZodType => (schema instanceof z.ZodType ? schema : schema.properties);

/**
 * Checks every answer against its route's response schema from src/shared before it is sent: a
 * drift between the server and the contract fails in the server's own tests (a 500), not later in
 * a browser. The check reads the JSON a client would read (a Date as its ISO string), since that is
 * what the web parses with the same schema; keys the schema does not name are dropped, so nothing
 * outside the contract leaves the server (docs/decisions/037).
 */
export const responseSerializer: FastifySerializerCompiler<RouteResponseSchema> = ({
  schema: routeSchema,
  method,
  url,
}) => {
  const schema = unwrap(routeSchema);
  return (data) => {
    const wire: unknown = data === undefined ? undefined : JSON.parse(JSON.stringify(data));
    const result = z.safeEncode(schema, wire);
    if (!result.success) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
