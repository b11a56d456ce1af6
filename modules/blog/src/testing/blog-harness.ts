/**
 * The blog module on a real SQLite store, log and search index, served over real HTTP on 127.0.0.1, with its
 * projector running: what the integration specs drive.
 */
import type { SearchIndex } from '@evently/platform';
import { startModuleHarness, type ModuleHarness } from '@evently/testkit';
import { BLOG_TOPIC, createBlogModule, type BlogModule, type BlogOptions } from '../index.ts';

export { HARNESS_ADMIN_PASSWORD as ADMIN_PASSWORD, HARNESS_PUBLIC_URL as PUBLIC_URL } from '@evently/testkit';

export interface BlogHarness extends Omit<ModuleHarness<BlogModule>, 'search'> {
  search: SearchIndex;
  /** Waits until the projector has applied every message written so far. */
  projected(): Promise<void>;
}

export async function startBlogHarness(options: Partial<BlogOptions> = {}): Promise<BlogHarness> {
  const harness = await startModuleHarness({
    name: 'evently-blog-',
    topic: BLOG_TOPIC,
    create: (deps) => createBlogModule(deps, { appName: 'Evently', ...options }),
  });
  if (!harness.search) throw new Error('the blog module declares search schemas, so its harness has an index');
  return {
    ...harness,
    search: harness.search,
    projected: () => harness.runner.drained(),
  };
}
