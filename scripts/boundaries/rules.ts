/**
 * The architecture's arrows as checks over import specifiers. Each rule's message is what a developer reads
 * when the check fails, so it says what is wrong and how to fix it.
 *
 * - A module is entered only through its package door: `@evently/<name>` (or a subpath its package.json
 *   `exports` lists), never a relative path into `modules/<other>/`.
 * - `@evently/<name>/testing` style test doors are for tests only.
 * - The platform knows no business module; modules know neither the backend nor ingestion.
 * - A module's `domain/` stays pure: no engines, no HTTP framework, no file system or network.
 * - Frontend features never import each other, and the browser bundle imports no server code: of the
 *   workspace packages it takes only their wire contracts, `@evently/<name>/contracts`.
 * - A contracts door (`modules/<name>/src/contracts/index.ts`) and every file it reaches import nothing but zod
 *   and other contracts, so the browser can carry them.
 * - Workspace packages form no cycle: a package never imports a package that depends on it (the backend
 *   depends on ingestion, so ingestion may not import the backend).
 * - Engines are adapter packages (`adapters/*`): an adapter imports only `@evently/platform` (and its
 *   engine's library); business modules never import one outside their tests; the composition root, the
 *   testkit, benches, scripts and test code pick them. `@evently/platform/adapter-kit` is for adapters only.
 * - Within a package, files form no import cycle (type-only imports included).
 */
import path from 'node:path';

export interface SourceFile {
  /** Repository-relative path with forward slashes, e.g. `modules/events/src/index.ts`. */
  path: string;
  /** Import specifiers found in the file. */
  imports: string[];
}

export interface Violation {
  file: string;
  specifier: string;
  rule: string;
  message: string;
}

/** Package name -> public subpaths from its `exports` (`.` for the root door, `./testing`, ...). */
export type PackageExports = Record<string, string[]>;

/** Package name -> its folder (`modules/events`) and the workspace packages its package.json depends on. */
export type PackageGraph = Record<string, { dir: string; dependencies: string[] }>;

function packageOfFile(file: string, graph: PackageGraph): string | undefined {
  return Object.entries(graph).find(([, info]) => file.startsWith(`${info.dir}/`))?.[0];
}

/** True when `from` depends on `to` through package.json dependencies, directly or through others. */
function dependsOn(graph: PackageGraph, from: string, to: string, seen = new Set<string>()): boolean {
  if (seen.has(from)) return false;
  seen.add(from);
  const direct = graph[from]?.dependencies ?? [];
  return direct.includes(to) || direct.some((next) => dependsOn(graph, next, to, seen));
}

// `node:net` is not listed: its address helpers (isIP, BlockList) are pure; sockets would show up as the
// engines and frameworks below.
const IMPURE_IN_DOMAIN = [
  /^node:(fs|http|https|http2|child_process|dgram|dns|tls|worker_threads)(\/|$)/,
  /^(fs|fs\/promises|http|https|child_process)$/,
  /^(better-sqlite3|mongoose|mongodb|kafkajs|@elastic\/elasticsearch|koa|@koa\/|socket\.io|nodemailer|pino)/,
];

const SERVER_ONLY =
  /^(node:|@evently\/|koa$|@koa\/|better-sqlite3|mongoose|mongodb|kafkajs|@elastic\/|pino|nodemailer|socket\.io$|maxmind)/;

/** A module's wire contracts: the one server door the browser may use. */
const CONTRACTS_DOOR = /^@evently\/[^/]+\/contracts$/;

/**
 * Tests, test helpers, a spec's child processes, benchmarks and the testkit: none of them ship in a process,
 * so they may use test-only doors.
 */
const isTestFile = (file: string) =>
  /\.(unit|int|e2e)\.spec\.tsx?$/.test(file) ||
  /(^|\/)testing\//.test(file) ||
  /\.contract\.ts$/.test(file) ||
  /[.-]child\.ts$/.test(file) ||
  /^bench\//.test(file) ||
  /^modules\/testkit\//.test(file);

/** Packages that are test code as a whole: only tests, test helpers and benchmarks import them. */
const TEST_PACKAGES = new Set(['@evently/testkit']);

/** Not business modules: the shared kernel and the test wiring of the engines. */
const NON_BUSINESS_MODULES = new Set(['platform', 'testkit']);

function moduleOf(file: string): string | undefined {
  return /^modules\/([^/]+)\//.exec(file)?.[1];
}

function adapterOf(file: string): string | undefined {
  return /^adapters\/([^/]+)\//.exec(file)?.[1];
}

/** The adapter packages by name, for a check run without the workspace graph. */
const ENGINE_PACKAGES = new Set([
  '@evently/sqlite',
  '@evently/mongodb',
  '@evently/kafka',
  '@evently/elasticsearch',
  '@evently/mail',
]);

/** An engine's adapter package: its folder is under `adapters/` (from package.json), or its name says so. */
function isAdapterPackage(name: string, graph: PackageGraph): boolean {
  const dir = graph[name]?.dir;
  return dir ? dir.startsWith('adapters/') : ENGINE_PACKAGES.has(name);
}

function featureOf(file: string): string | undefined {
  return /^frontend\/src\/features\/([^/]+)\//.exec(file)?.[1];
}

function resolveRelative(file: string, specifier: string): string {
  return path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
}

export function checkFile(source: SourceFile, packages: PackageExports, graph: PackageGraph = {}): Violation[] {
  const violations: Violation[] = [];
  const ownPackage = packageOfFile(source.path, graph);
  const ownModule = moduleOf(source.path);
  const ownAdapter = adapterOf(source.path);
  const isTest = isTestFile(source.path);
  const ownFeature = featureOf(source.path);
  const report = (specifier: string, rule: string, message: string) =>
    violations.push({ file: source.path, specifier, rule, message });

  for (const specifier of source.imports) {
    if (specifier.startsWith('.')) {
      const target = resolveRelative(source.path, specifier);
      const targetModule = moduleOf(target);
      if (targetModule && targetModule !== ownModule) {
        report(
          specifier,
          'module-door',
          `reaches into modules/${targetModule}'s files. Import '@evently/${targetModule}' instead: its src/index.ts is the module's only door (export what you need from there).`,
        );
      }
      const targetAdapter = adapterOf(target);
      if (targetAdapter && targetAdapter !== ownAdapter) {
        report(
          specifier,
          'module-door',
          `reaches into adapters/${targetAdapter}'s files. Import its package door instead (see adapters/${targetAdapter}/package.json \`exports\`; src/index.ts is the only one for code that ships).`,
        );
      }
      const targetFeature = featureOf(target);
      if (ownFeature && targetFeature && targetFeature !== ownFeature) {
        report(
          specifier,
          'feature-isolation',
          `frontend feature '${ownFeature}' imports feature '${targetFeature}'. Features never import each other: move the shared piece to src/components, src/lib or src/app.`,
        );
      }
      continue;
    }

    if (source.path.startsWith('frontend/src/') && SERVER_ONLY.test(specifier) && !CONTRACTS_DOOR.test(specifier)) {
      report(
        specifier,
        'client-only',
        `the browser bundle cannot carry server code ('${specifier}'). Import the wire shapes from '@evently/<module>/contracts' (add them there if they are missing), or keep a client-only constant in frontend/src/lib.`,
      );
      continue;
    }

    const scoped = /^(@evently\/[^/]+)(\/.*)?$/.exec(specifier);
    if (!scoped) {
      if (
        ownModule &&
        /\/src\/domain\//.test(source.path) &&
        IMPURE_IN_DOMAIN.some((pattern) => pattern.test(specifier))
      ) {
        report(
          specifier,
          'pure-domain',
          `domain/ holds pure rules without I/O. Move code that needs '${specifier}' to infra/ or application/ and pass plain values in.`,
        );
      }
      continue;
    }

    const [, packageName = '', subpath] = scoped;
    const targetName = packageName.slice('@evently/'.length);
    const publicPaths = packages[packageName];
    if (!publicPaths) {
      report(
        specifier,
        'unknown-package',
        `'${packageName}' is not a workspace package. Check the name against modules/*/package.json.`,
      );
      continue;
    }
    const toAdapter = isAdapterPackage(packageName, graph);
    const exportKey = subpath ? `.${subpath}` : '.';
    if (!publicPaths.includes(exportKey)) {
      report(
        specifier,
        'module-door',
        `'${exportKey}' is not among ${packageName}'s public exports (${publicPaths.join(', ')}). Import '${packageName}' and ask its owners to export what you need from src/index.ts.`,
      );
      continue;
    }
    if ((/(^|\/)testing$/.test(subpath ?? '') || TEST_PACKAGES.has(packageName)) && !isTest) {
      report(
        specifier,
        'test-only',
        `'${specifier}' is a test helper door. Import it only from *.spec.ts files, testing/ folders or bench/.`,
      );
    }
    if (ownModule && !NON_BUSINESS_MODULES.has(ownModule) && toAdapter && !isTest) {
      report(
        specifier,
        'engine-free-modules',
        `business modules depend on ports, never on an engine: take the DocumentStore, EventBus, SearchIndex or Mailer from ModuleDeps (openMailer for mail) and let the composition root (backend/src/adapters.ts) pick '${packageName}'. Specs wire engines through '@evently/testkit'.`,
      );
    }
    if (ownAdapter && packageName !== '@evently/platform' && targetName !== ownAdapter && (!isTest || !toAdapter)) {
      report(
        specifier,
        'adapter-imports',
        `an adapter adapts one engine to the platform's ports and imports only '@evently/platform' (its doors) and its engine's library${isTest ? ', plus other adapters in its specs' : ''}. Move the code that needs '${packageName}' to the composition root (backend/src/adapters.ts) or '@evently/testkit'.`,
      );
    }
    if (specifier === '@evently/platform/adapter-kit' && !ownAdapter) {
      report(
        specifier,
        'adapter-kit',
        `'@evently/platform/adapter-kit' holds what engine adapters share (text analysis, cursors, consumer pacing), for adapters/* only. Use the ports from '@evently/platform', or ask the platform's owners to export what a module needs there.`,
      );
    }
    if (ownModule === 'platform' && targetName !== 'platform') {
      report(
        specifier,
        'platform-independent',
        toAdapter
          ? `the platform holds the ports and knows no engine: '${packageName}' plugs in from the composition root. Take what the code needs as a parameter (as ModuleDeps.openMailer does), or move a spec that needs the engine to '${packageName}' or '@evently/testkit'.`
          : `the platform has no business rules and may not depend on '${packageName}'. Move the code into that module, or pass it in through a port.`,
      );
    }
    if (ownModule && (targetName === 'backend' || targetName === 'ingestion' || targetName === 'frontend')) {
      report(
        specifier,
        'modules-below-apps',
        `modules are used by the backend and ingestion, never the other way round. Depend on a port in @evently/platform instead of '${packageName}'.`,
      );
    }
    if (ownPackage && ownPackage !== packageName && dependsOn(graph, packageName, ownPackage)) {
      report(
        specifier,
        'package-cycle',
        `${packageName} depends on ${ownPackage}, so ${ownPackage} may not import it (a package cycle). Move the code that needs both into ${packageName} (as the backend's \`ingest\` role does), or pass it in.`,
      );
    }
  }
  return violations;
}

const CONTRACTS_INDEX = /^modules\/[^/]+\/src\/contracts\/index\.ts$/;
const isContractsFile = (file: string) => /^modules\/[^/]+\/src\/contracts\//.test(file);

/** The files a contracts door reaches through relative imports: all of them ship to the browser. */
function contractsClosure(sources: SourceFile[]): Set<string> {
  const byPath = new Map(sources.map((source) => [source.path, source]));
  const reached = new Set<string>();
  const queue = sources.filter((source) => CONTRACTS_INDEX.test(source.path)).map((source) => source.path);
  while (queue.length > 0) {
    const file = queue.pop() ?? '';
    if (reached.has(file)) continue;
    reached.add(file);
    for (const specifier of byPath.get(file)?.imports ?? []) {
      if (specifier.startsWith('.')) queue.push(resolveRelative(file, specifier));
    }
  }
  return reached;
}

function checkContract(source: SourceFile): Violation[] {
  return source.imports
    .filter((specifier) =>
      specifier.startsWith('.')
        ? !isContractsFile(resolveRelative(source.path, specifier))
        : specifier !== 'zod' && !CONTRACTS_DOOR.test(specifier),
    )
    .map((specifier) => ({
      file: source.path,
      specifier,
      rule: 'pure-contract',
      message: `a contracts door ships to the browser, so what it reaches imports only 'zod' and other contracts. Move the constant or schema '${specifier}' gives into src/contracts (and import it back from there), or keep this file out of src/contracts/index.ts.`,
    }));
}

export function checkFiles(sources: SourceFile[], packages: PackageExports, graph: PackageGraph = {}): Violation[] {
  const contracts = contractsClosure(sources);
  return sources.flatMap((source) => [
    ...checkFile(source, packages, graph),
    ...(contracts.has(source.path) ? checkContract(source) : []),
  ]);
}

/**
 * Import cycles between the files of one package, type-only imports included (each file must be readable
 * after the files it imports). Each cycle is reported once, on its first file, naming the ring.
 */
export function fileCycles(sources: SourceFile[]): Violation[] {
  const known = new Set(sources.map((source) => source.path));
  const resolve = (file: string, specifier: string): string | undefined => {
    const target = resolveRelative(file, specifier);
    return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`].find((candidate) => known.has(candidate));
  };
  const edges = new Map<string, string[]>();
  for (const source of sources) {
    const targets = source.imports
      .filter((specifier) => specifier.startsWith('.'))
      .map((specifier) => resolve(source.path, specifier))
      .filter((target): target is string => target !== undefined);
    edges.set(source.path, targets);
  }
  // Tarjan's strongly connected components: every component of more than one file is a cycle.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const rings: string[][] = [];
  const visit = (file: string): void => {
    index.set(file, counter);
    low.set(file, counter);
    counter += 1;
    stack.push(file);
    onStack.add(file);
    for (const next of edges.get(file) ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(file, Math.min(low.get(file)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(file, Math.min(low.get(file)!, index.get(next)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const ring: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      ring.push(member);
    } while (member !== file);
    if (ring.length > 1) rings.push(ring.sort());
  };
  for (const file of edges.keys()) if (!index.has(file)) visit(file);
  return rings.map((ring) => ({
    file: ring[0]!,
    specifier: ring.map((file) => path.posix.basename(file)).join(' > '),
    rule: 'file-cycle',
    message: `these files import each other in a ring (${ring.join(', ')}). Move what they share into a file of its own that imports none of them.`,
  }));
}
