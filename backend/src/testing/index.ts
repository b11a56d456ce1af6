// Test helpers for integration and browser specs anywhere in the repository.
export {
  startTestServer,
  TEST_ADMIN_PASSWORD,
  type StartTestServerOptions,
  type TestServer,
} from './start-test-server.ts';
export { launchChromium, CHROMIUM_PATH, CHROMIUM_ARGS } from './browser.ts';
export { spawnBackend, logRecord, type BackendProcess } from './spawn-backend.ts';
