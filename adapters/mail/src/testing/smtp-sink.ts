/**
 * A real SMTP server on 127.0.0.1 for tests (smtp-server). STARTTLS is disabled because the package's bundled
 * certificate has expired; the transport under test speaks plain SMTP to it, as it would to a local relay.
 */
import { SMTPServer } from 'smtp-server';
import type { AddressInfo } from 'node:net';
import { parseMail, type ParsedMail } from './mime.ts';

export interface ReceivedMail extends ParsedMail {
  envelopeTo: string[];
}

export interface SmtpSink {
  url: string;
  messages: ReceivedMail[];
  /** Every delivery answered with a 451 since `failAfter`, one entry per attempt: a test waits on retries with it. */
  refused: ReceivedMail[];
  /** Accepts `accepted` more messages, then rejects every later one with a 451 until `recover()`. */
  failAfter(accepted: number): void;
  recover(): void;
  /** Stops listening (senders meet connection refused, an SMTP outage) until `start()` listens on the same port again. */
  stop(): Promise<void>;
  start(): Promise<void>;
  waitFor(count: number, timeoutMs?: number): Promise<ReceivedMail[]>;
  /** No client connected and no message waiting for its answer: whatever a sender handed over has landed. */
  idle(): boolean;
  close(): Promise<void>;
}

export interface SmtpSinkOptions {
  /** Holds each message this long before answering, so a test can act while a send is in flight. */
  acceptDelayMs?: number;
}

export async function startSmtpSink({ acceptDelayMs = 0 }: SmtpSinkOptions = {}): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const refused: ReceivedMail[] = [];
  // Messages received whole and not yet answered (held by `acceptDelayMs`).
  let answering = 0;
  // Messages still accepted before the server starts failing; Infinity while healthy.
  let acceptBudget = Number.POSITIVE_INFINITY;
  const createServer = () =>
    new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS', 'AUTH'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (chunk: Buffer) => chunks.push(chunk));
        stream.on('end', () => {
          answering += 1;
          setTimeout(finish, acceptDelayMs);
        });
        const finish = () => {
          answering -= 1;
          const raw = Buffer.concat(chunks).toString('utf8');
          const mail = { ...parseMail(raw), envelopeTo: session.envelope.rcptTo.map((to) => to.address) };
          if (acceptBudget <= 0) {
            refused.push(mail);
            const error = Object.assign(new Error('Temporary failure, try later'), { responseCode: 451 });
            callback(error);
            return;
          }
          acceptBudget -= 1;
          messages.push(mail);
          callback();
        };
      },
    });
  const listen = (server: SMTPServer, port: number) =>
    new Promise<void>((resolve, reject) => {
      server.server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.server.off('error', reject);
        resolve();
      });
    });
  const closeServer = (server: SMTPServer) => new Promise<void>((resolve) => server.close(() => resolve()));
  let server: SMTPServer | null = createServer();
  const stop = async () => {
    const running = server;
    server = null;
    if (running) await closeServer(running);
  };
  await listen(server, 0);
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}?ignoreTLS=true`,
    messages,
    refused,
    failAfter(accepted) {
      acceptBudget = accepted;
    },
    recover() {
      acceptBudget = Number.POSITIVE_INFINITY;
    },
    async waitFor(count, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      while (messages.length < count) {
        if (Date.now() > deadline) throw new Error(`expected ${count} messages, got ${messages.length}`);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
      return messages;
    },
    idle: () => answering === 0 && (server?.connections.size ?? 0) === 0,
    stop,
    async start() {
      if (server) return;
      const next = createServer();
      await listen(next, port);
      server = next;
    },
    close: stop,
  };
}
