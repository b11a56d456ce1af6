/**
 * The image's own tree, started here: `buildRelease` (what the Dockerfile runs) into a temporary folder with
 * production dependencies only, then every role with plain `node dist/server/main.mjs` from that folder on
 * the embedded profile. A package the bundle imports but the release lacks stops the build's check, or a
 * role at start; the checkout's node_modules is never on the resolution path (the folder is elsewhere and the
 * bundle finds its files from its own place).
 */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '@evently/mail/testing';
import { waitFor } from '@evently/platform/testing';
import { logRecord, spawnNode, type BackendProcess } from '../../backend/src/testing/spawn-backend.ts';
import type { ExternalImport } from '../build-server.ts';
import { buildRelease } from '../build-release.ts';
import { releaseDependencyProblems } from './release-dependencies.ts';

let workDir: string;
let releaseDir: string;
let smtp: SmtpSink;
let externals: ExternalImport[];
const running: BackendProcess[] = [];

beforeAll(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'evently-release-'));
  releaseDir = path.join(workDir, 'app');
  [smtp, externals] = await Promise.all([startSmtpSink(), buildRelease({ outDir: releaseDir })]);
}, 240_000);

afterAll(async () => {
  await Promise.all(running.map((role) => role.kill('SIGKILL')));
  await smtp?.close();
  if (workDir) await rm(workDir, { recursive: true, force: true });
});

/** A role of the release, as the image's entry point runs it: `node --enable-source-maps dist/server/main.mjs`. */
function startRole(args: string[], dataDir: string, appDir = releaseDir): BackendProcess {
  const role = spawnNode(
    ['--enable-source-maps', 'dist/server/main.mjs', ...args],
    {
      NODE_ENV: 'production',
      DATA_DIR: dataDir,
      PORT: '0',
      HOST: '127.0.0.1',
      ADMIN_PASSWORD: 'release-test-password',
      DEMO_DATA: 'false',
      LOG_LEVEL: 'info',
      SMTP_URL: smtp.url,
    },
    appDir,
  );
  running.push(role);
  return role;
}

async function listeningUrl(role: BackendProcess): Promise<string> {
  const line = await role.waitForLine((text) => String(logRecord(text)?.msg ?? '').endsWith('is listening'));
  return String(logRecord(line)?.url);
}

async function newDataDir(name: string): Promise<string> {
  return mkdtemp(path.join(workDir, `${name}-`));
}

async function getJson(url: string): Promise<{ status: number; body: Record<string, unknown> }> {
  const res = await fetch(url);
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

/** The health pair an orchestrator asks: live, and every adapter answering. */
async function expectHealthy(url: string): Promise<void> {
  expect(await getJson(`${url}/healthz`)).toMatchObject({ status: 200, body: { status: 'ok' } });
  expect(await getJson(`${url}/readyz`)).toMatchObject({
    status: 200,
    body: { status: 'ok', checks: { store: 'ok', bus: 'ok', search: 'ok' } },
  });
}

/** A support ticket through the api, and its confirmation as the visitor's mailbox receives it over SMTP. */
async function expectTicketConfirmed(url: string, email: string): Promise<void> {
  const res = await fetch(`${url}/api/support/tickets`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({
      user_name: 'Rita Release',
      user_email: email,
      subject: 'Seats for the release night',
      description: 'Are there seats left?',
    }),
  });
  expect(res.status).toBe(201);
  const number = String(((await res.json()) as { ticket: { ticket_number: string } }).ticket.ticket_number);
  const mine = () => smtp.messages.filter((mail) => mail.envelopeTo.includes(email));
  await waitFor(() => mine().length > 0, `the confirmation mail to ${email}`, 90_000);
  expect(mine()).toHaveLength(1);
  expect(mine()[0]?.headers.get('to')).toContain(email);
  expect(mine()[0]?.headers.get('subject')).toMatch(new RegExp(`^\\[${number}\\] We received your request`));
}

type EventPage = { data: Array<{ id: string; name: string }>; pagination: { total: number } };

// Several processes start per case; on a loaded two-core machine that takes far longer than one request.
const ROLES_TIMEOUT_MS = 180_000;

describe.concurrent('the release folder, production dependencies only', () => {
  it('carries no dev tool and no workspace tree of its own', () => {
    for (const tool of ['vitest', 'tsx', 'vite', 'eslint', 'playwright-core'])
      expect(existsSync(path.join(releaseDir, 'node_modules', tool)), tool).toBe(false);
    // smtp-server and mailparser are the support desk's inbound mail listener, run by the worker.
    for (const needed of [
      'nodemailer',
      'better-sqlite3',
      'kafkajs',
      'mongoose',
      '@elastic/elasticsearch',
      'smtp-server',
      'mailparser',
    ])
      expect(existsSync(path.join(releaseDir, 'node_modules', needed, 'package.json')), needed).toBe(true);
    expect(existsSync(path.join(releaseDir, 'modules'))).toBe(false);
    expect(existsSync(path.join(releaseDir, 'adapters'))).toBe(false);
    expect(existsSync(path.join(releaseDir, 'frontend/dist/index.html'))).toBe(true);
    // Every engine's adapter package is in the bundle, importing its engine's library from the release.
    const engineImports = new Set(
      externals.map(
        ({ specifier, importer }) =>
          `${specifier
            .split('/')
            .slice(0, specifier.startsWith('@') ? 2 : 1)
            .join('/')} from ${importer.split('/').slice(0, 2).join('/')}`,
      ),
    );
    for (const [library, adapter] of [
      ['better-sqlite3', 'adapters/sqlite'],
      ['mongoose', 'adapters/mongodb'],
      ['kafkajs', 'adapters/kafka'],
      ['@elastic/elasticsearch', 'adapters/elasticsearch'],
      ['nodemailer', 'adapters/mail'],
    ])
      expect(engineImports, `${library} from ${adapter}`).toContain(`${library} from ${adapter}`);
  });

  it("is refused by the build's check, and fails at start, when a package the bundle imports is missing", async () => {
    // A copy of the release without nodemailer, as the image was when the production tree lacked it. Hard
    // links: the copy is quick, and removing its nodemailer unlinks only the copy's names.
    const broken = path.join(workDir, 'without-nodemailer');
    expect(spawnSync('cp', ['-al', releaseDir, broken]).status).toBe(0);
    await rm(path.join(broken, 'node_modules/nodemailer'), { recursive: true });
    expect(existsSync(path.join(releaseDir, 'node_modules/nodemailer/package.json'))).toBe(true);

    const problems = releaseDependencyProblems({
      externals,
      workspaces: [{ dir: '' }, { dir: 'adapters/mail', dependencies: { nodemailer: '*' } }],
      inRelease: (name) => name !== 'nodemailer',
      inWorkspaceOwnTree: () => false,
    });
    expect(
      problems.filter((problem) => problem.includes("'nodemailer', which the release's node_modules lacks")),
    ).toHaveLength(1);

    const all = startRole(['all'], await newDataDir('broken'), broken);
    expect(await all.exited).not.toBe(0);
    expect(all.stderr()).toContain("Cannot find package 'nodemailer'");
  });

  it(
    'role all: healthy and ready, answers a search and the SPA, mails a ticket confirmation over SMTP',
    async () => {
      const all = startRole(['all'], await newDataDir('all'));
      const url = await listeningUrl(all);
      await expectHealthy(url);
      const search = await getJson(`${url}/api/events?keyword=concert`);
      expect(search.status).toBe(200);
      expect((search.body as EventPage).pagination.total).toBe(0);
      expect(await (await fetch(`${url}/`)).text()).toContain('<div id="root">');
      await expectTicketConfirmed(url, 'all-role@example.com');
      expect(await all.kill('SIGTERM')).toBe(0);
    },
    ROLES_TIMEOUT_MS,
  );

  it(
    'roles ingest, worker, api and dead-letters on one DATA_DIR: the bundled feeds found by a search, a ticket mailed by the worker',
    async () => {
      const dataDir = await newDataDir('split');
      // The worker creates the data files; processes that start together on a fresh folder race to lay it out.
      const worker = startRole(['worker'], dataDir);
      await worker.waitForLine((text) => logRecord(text)?.msg === 'worker started');
      const ingest = startRole(['ingest', '--source', 'file'], dataDir);
      const api = startRole(['api'], dataDir);
      const [url, ingested] = await Promise.all([listeningUrl(api), ingest.exited]);
      expect(ingested, ingest.stderr()).toBe(0);
      expect(ingest.lines.join('\n')).toMatch(/Ingestion summary: file \(completed\)/);
      await expectHealthy(url);

      // The worker projects what ingest wrote into search; the api answers from it.
      let first: EventPage['data'][number] | undefined;
      await waitFor(
        async () => {
          first = ((await getJson(`${url}/api/events`)).body as EventPage).data[0];
          return first !== undefined;
        },
        'the ingested events in search',
        90_000,
      );
      const word = first!.name.split(/\s+/).find((part) => /^\p{L}{4,}$/u.test(part)) ?? first!.name;
      const found = (await getJson(`${url}/api/events?keyword=${encodeURIComponent(word)}`)).body as EventPage;
      expect(found.pagination.total).toBeGreaterThan(0);
      expect(found.data.map((event) => event.name.toLowerCase()).join(' | ')).toContain(word.toLowerCase());

      await expectTicketConfirmed(url, 'split-roles@example.com');

      const deadLetters = startRole(['dead-letters', 'list'], dataDir);
      expect(await deadLetters.exited, deadLetters.stderr()).toBe(0);
      expect(deadLetters.lines.join('\n')).toContain('0 dead letters');

      expect(await api.kill('SIGTERM')).toBe(0);
      expect(await worker.kill('SIGTERM')).toBe(0);
    },
    ROLES_TIMEOUT_MS,
  );
});
