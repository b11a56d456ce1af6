// The backend's public door: the config loader and the composition, for tools that boot the same wiring
// as the processes (benchmarks, scripts). Test helpers have their own door, `@evently/backend/testing`.
export { loadConfig, ConfigError, type Config } from './config.ts';
export { compose, type Composition, type ComposeOptions } from './compose.ts';
export { startServer, type RunningServer, type StartServerOptions } from './processes/server-process.ts';
