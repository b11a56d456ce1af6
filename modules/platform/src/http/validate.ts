/**
 * Edge validation: everything from a request is `unknown` until a zod schema has parsed it. A failure becomes
 * a 400 whose message names the offending field, e.g. `email: Please enter a valid email.`
 */
import type { Context } from 'koa';
import type { z } from 'zod';
import { badRequest } from './http-error.ts';

function describe(error: z.ZodError): string {
  const first = error.issues[0];
  if (!first) return 'Invalid input';
  const path = first.path.join('.');
  return path ? `${path}: ${first.message}` : first.message;
}

export function parseWith<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value);
  if (!result.success) throw badRequest(describe(result.error), result.error.issues);
  return result.data;
}

export const parseQuery = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> => parseWith(schema, ctx.query);
export const parseParams = <S extends z.ZodType>(ctx: Context & { params?: unknown }, schema: S): z.infer<S> =>
  parseWith(schema, ctx.params ?? {});
export const parseBody = <S extends z.ZodType>(ctx: Context, schema: S): z.infer<S> =>
  parseWith(schema, (ctx.request as { body?: unknown }).body ?? {});
