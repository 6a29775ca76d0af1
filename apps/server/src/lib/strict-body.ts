import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

/**
 * Zod objects drop keys they do not know, so a misspelt field (`emial`) would be ignored with a
 * 200. Every route's body is checked strictly instead: an unknown field is a 400 naming it. A
 * schema that chose its own policy (`.loose()`, `.catchall()`, already `.strict()`) keeps it.
 */
export function strictObjects(schema: z.ZodType): z.ZodType {
  if (schema instanceof z.ZodObject) {
    return schema._zod.def.catchall === undefined ? schema.strict() : schema;
  }
  if (schema instanceof z.ZodPipe) {
    const { in: input, out } = schema._zod.def;
    const strictIn = strictObjects(input as z.ZodType);
    return strictIn === input ? schema : strictIn.pipe(out as z.ZodType);
  }
  return schema;
}

/** The Zod validator of fastify-type-provider-zod, with request bodies checked strictly. */
export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler(route.httpPart === 'body' ? { ...route, schema: strictObjects(route.schema) } : route);
