/**
 * `GET /api/openapi.json`: the OpenAPI 3.1 document of every call, built once per process on first request
 * (the routes do not change while it runs). Public like the API itself: it describes the admin calls'
 * shapes, not their credential.
 */
import Router from '@koa/router';
import { buildApiDocument, type ApiDocumentOptions } from './build-api-document.ts';
import { API_ROUTES } from './api-routes.ts';
import { API_DOCUMENT_PATH } from './routes/platform.routes.ts';

export { API_DOCUMENT_PATH };

export function apiDocumentRouter(options: ApiDocumentOptions): Router {
  const router = new Router();
  let document: ReturnType<typeof buildApiDocument> | undefined;
  router.get(API_DOCUMENT_PATH, (ctx) => {
    document ??= buildApiDocument(API_ROUTES, options);
    ctx.set('Cache-Control', 'public, max-age=300');
    ctx.body = document;
  });
  return router;
}
