import type { FastifySchemaCompiler } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Zod drops unknown keys, so a misspelt field would pass with a 200: bodies are strict unless a schema chose otherwise.
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

export const strictBodyValidatorCompiler: FastifySchemaCompiler<z.ZodType> = (route) =>
  validatorCompiler(route.httpPart === 'body' ? { ...route, schema: strictObjects(route.schema) } : route);
