import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answer, formRefusals, notFound, routesOf } from './route-builder.ts';

const thing = z.object({ id: z.string() });

describe('routesOf', () => {
  it('splits each status into its description and, when it has one, its schema', () => {
    const route = routesOf('things').get(
      '/api/things/:id',
      'One thing',
      { 200: answer('The thing', thing), ...notFound('Thing') },
      { params: z.object({ id: z.string() }) },
    );
    expect(route).toEqual({
      method: 'get',
      path: '/api/things/:id',
      summary: 'One thing',
      tag: 'things',
      params: expect.any(Object),
      responses: { 200: 'The thing', 404: 'Thing not found' },
      answers: { 200: thing },
    });
    expect(route.admin).toBeUndefined();
  });

  it('leaves out `answers` when no status has a schema, and marks calls made through `admin`', () => {
    const route = routesOf('things').admin.delete('/api/things/:id', 'Delete a thing', { 204: 'Deleted' });
    expect(route).toEqual({
      method: 'delete',
      path: '/api/things/:id',
      summary: 'Delete a thing',
      tag: 'things',
      admin: true,
      responses: { 204: 'Deleted' },
    });
  });

  it('names what a public form refuses', () => {
    expect(formRefusals('things')).toEqual({ 400: 'A field is invalid', 429: 'Too many things from this network' });
  });
});
