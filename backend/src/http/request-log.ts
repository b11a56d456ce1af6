/**
 * One structured log line per request when its response is finished (or the client went away), in the
 * shape pino-http uses (`req`, `res`, `responseTime`), with a child logger on `ctx.state.logger` so handlers'
 * lines carry the request id too.
 */
import type { Middleware } from 'koa';
import type { Logger } from 'pino';

export function requestLog(logger: Logger): Middleware {
  return async (ctx, next) => {
    const started = process.hrtime.bigint();
    const reqId = ctx.state.requestId as string;
    // Few handlers log, so their child logger is made on first use; the request's own line below names the id
    // itself, in the place the child's binding would put it.
    let child: Logger | undefined;
    Object.defineProperty(ctx.state, 'logger', {
      get: () => (child ??= logger.child({ reqId })),
      enumerable: true,
      configurable: true,
    });
    const done = () => {
      ctx.res.off('finish', done);
      ctx.res.off('close', done);
      const responseTime = Number(process.hrtime.bigint() - started) / 1e6;
      const status = ctx.res.statusCode;
      // Orchestrators probe health every few seconds; successful probes would drown the useful lines.
      const probe = ctx.path === '/healthz' || ctx.path === '/readyz';
      const level = status >= 500 ? 'error' : status >= 400 ? 'warn' : probe ? 'debug' : 'info';
      if (!logger.isLevelEnabled(level)) return;
      logger[level](
        {
          reqId,
          req: { method: ctx.method, url: ctx.originalUrl, remoteAddress: ctx.ip },
          res: { statusCode: status },
          responseTime: Math.round(responseTime * 10) / 10,
          aborted: !ctx.res.writableFinished,
        },
        'request completed',
      );
    };
    ctx.res.once('finish', done);
    ctx.res.once('close', done);
    await next();
  };
}
