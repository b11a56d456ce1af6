/**
 * Draining on stop: a request already being handled finishes with its answer, while new connections are
 * refused, and stop() resolves only after the in-flight answer went out.
 */
import Koa from 'koa';
import { describe, expect, it } from 'vitest';
import { createHttpServer, listen } from './http-server.ts';

describe('listen().stop()', () => {
  it('lets an in-flight request finish and refuses new connections', async () => {
    let release: () => void = () => {};
    let started: () => void = () => {};
    const handlerStarted = new Promise<void>((resolve) => (started = resolve));
    const app = new Koa();
    app.use(async (ctx) => {
      started();
      await new Promise<void>((resolve) => (release = resolve));
      ctx.body = { done: true };
    });
    const running = await listen(createHttpServer(app), 0, '127.0.0.1');
    const url = `http://127.0.0.1:${running.port}/slow`;

    const inFlight = fetch(url);
    await handlerStarted;
    let stopped = false;
    const stopping = running.stop({ graceMs: 10_000 }).then(() => (stopped = true));

    await expect(fetch(url, { headers: { connection: 'close' } })).rejects.toThrow();
    expect(stopped).toBe(false);

    release();
    const res = await inFlight;
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ done: true });
    await stopping;
    expect(stopped).toBe(true);
  });
});
