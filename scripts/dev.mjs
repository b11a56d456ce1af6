// `npm run dev`: the backend (api + worker) under `tsx watch`, restarting on server changes, and Vite's dev
// server with hot reload, which proxies /api and /socket.io to the backend (see frontend/vite.config.ts).
// Open the URL Vite prints (http://localhost:5173). Ctrl-C stops both; if either exits, the other is stopped.
import { spawn } from 'node:child_process';

const apiPort = process.env.PORT ?? '3000';
const children = [
  spawn('npx', ['tsx', 'watch', '--clear-screen=false', 'backend/src/main.ts', 'all'], {
    stdio: 'inherit',
    env: { ...process.env, PORT: apiPort, PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:5173' },
  }),
  spawn('npm', ['run', 'dev', '-w', 'frontend'], {
    stdio: 'inherit',
    env: { ...process.env, EVENTLY_API_URL: `http://localhost:${apiPort}` },
  }),
];

let exiting = false;
function stopAll(code) {
  if (exiting) return;
  exiting = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
}

for (const child of children) child.on('exit', (code) => stopAll(code ?? 1));
process.on('SIGINT', () => stopAll(0));
process.on('SIGTERM', () => stopAll(0));
