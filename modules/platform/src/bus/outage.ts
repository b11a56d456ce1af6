/**
 * Is a failure the message's fault, or the infrastructure's? Only the first kind may ever be dead-lettered:
 * a message that fails validation, a document the engine refuses, a bug on this input will fail again the
 * same way. A dependency that is down (connection refused, a timeout, a 5xx, an SMTP 4xx, a busy or full
 * disk) says nothing about the message, so its consumer waits for the dependency instead, however long it
 * takes, and counts no attempt against the message.
 *
 * Adapters that know better mark their own errors with `DependencyOutage` (the SMTP mailer for a 4xx, the
 * search index for a bulk item rejected with 429 or 5xx). Everything else goes through `outageOf`'s rules,
 * which read the error, its `cause` chain and an AggregateError's members.
 */

/** What a consumer is waiting for: `dependency` names the service in logs and metrics (`smtp`, `search`...). */
export interface Outage {
  dependency: string;
  reason: string;
}

/** Thrown by an adapter whose dependency is unavailable; the bus waits for it instead of counting attempts. */
export class DependencyOutage extends Error {
  constructor(
    readonly dependency: string,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'DependencyOutage';
  }
}

/** Node's and the drivers' codes for a connection that failed or was cut, a name lookup that failed for now. */
const networkCodes = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ECONNABORTED',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'EHOSTDOWN',
  'ENETUNREACH',
  'ENETDOWN',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EPIPE',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_HEADERS_TIMEOUT',
  // nodemailer: could not connect, connection lost, greeting or command timed out, DNS failure
  'ECONNECTION',
  'ESOCKET',
  'EDNS',
]);

/**
 * Storage that is busy, locked, full, failing or not writable (a folder or file whose permissions or read-only
 * mount an operator must fix): the same write succeeds once it recovers.
 */
const storageCodes = new Set([
  'SQLITE_BUSY',
  'SQLITE_LOCKED',
  'SQLITE_FULL',
  'SQLITE_IOERR',
  'SQLITE_CANTOPEN',
  'SQLITE_PROTOCOL',
  'SQLITE_READONLY',
  'SQLITE_PERM',
  'ENOSPC',
  'EMFILE',
  'ENFILE',
  'EIO',
  'EAGAIN',
  'EACCES',
  'EPERM',
  'EROFS',
  'EDQUOT',
]);

/** Error classes of the engines' clients that only ever mean "the engine did not answer". */
const unavailableNames: Record<string, string> = {
  // @elastic/elasticsearch (transport)
  ConnectionError: 'elasticsearch',
  TimeoutError: 'elasticsearch',
  NoLivingConnectionsError: 'elasticsearch',
  // mongodb driver
  MongoNetworkError: 'mongodb',
  MongoNetworkTimeoutError: 'mongodb',
  MongoServerSelectionError: 'mongodb',
  MongoNotConnectedError: 'mongodb',
  MongoTopologyClosedError: 'mongodb',
  // kafkajs
  KafkaJSConnectionError: 'kafka',
  KafkaJSRequestTimeoutError: 'kafka',
  KafkaJSBrokerNotFound: 'kafka',
  KafkaJSNumberOfRetriesExceeded: 'kafka',
};

interface ErrorFields {
  name?: unknown;
  code?: unknown;
  errno?: unknown;
  address?: unknown;
  port?: unknown;
  responseCode?: unknown;
  statusCode?: unknown;
  status?: unknown;
  meta?: { statusCode?: unknown };
  errorLabels?: unknown;
  errorLabelSet?: unknown;
  cause?: unknown;
  errors?: unknown;
}

const text = (error: unknown): string => (error instanceof Error ? `${error.name}: ${error.message}` : String(error));

/** One error, without its causes. */
function ruleFor(error: unknown): Outage | null {
  if (error instanceof DependencyOutage) return { dependency: error.dependency, reason: error.message };
  if (typeof error !== 'object' || error === null) return null;
  const fields = error as ErrorFields;
  const reason = text(error);
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  if (code && networkCodes.has(code)) {
    const where =
      typeof fields.address === 'string'
        ? `${fields.address}${fields.port === undefined ? '' : `:${String(fields.port)}`}`
        : 'network';
    return { dependency: where, reason };
  }
  if (
    code &&
    (storageCodes.has(code) ||
      code.startsWith('SQLITE_BUSY') ||
      code.startsWith('SQLITE_IOERR') ||
      code.startsWith('SQLITE_READONLY'))
  ) {
    return { dependency: code.startsWith('SQLITE') ? 'sqlite' : 'disk', reason };
  }
  const name = typeof fields.name === 'string' ? fields.name : '';
  if (name in unavailableNames) return { dependency: unavailableNames[name]!, reason };
  // A MongoDB error the driver itself labels as worth retrying (a primary stepping down, a lost connection).
  const labels =
    fields.errorLabelSet instanceof Set
      ? [...fields.errorLabelSet]
      : Array.isArray(fields.errorLabels)
        ? fields.errorLabels
        : [];
  if (labels.includes('RetryableWriteError') || labels.includes('TransientTransactionError'))
    return { dependency: 'mongodb', reason };
  // An HTTP answer: 5xx, or 429 (the engine sheds load); a 4xx is the request's, so the message's, fault.
  // Our own HttpError carries the status we answer a client with, never a dependency's: it is not looked at.
  const answered = name === 'HttpError' ? [] : [fields.statusCode, fields.meta?.statusCode, fields.status];
  const status = answered.find((value) => typeof value === 'number') as number | undefined;
  if (status !== undefined && (status >= 500 || status === 429))
    return { dependency: name === 'ResponseError' ? 'elasticsearch' : 'http', reason };
  // An SMTP reply: 4xx is transient by definition (RFC 5321 section 4.2.1).
  if (typeof fields.responseCode === 'number' && fields.responseCode >= 400 && fields.responseCode < 500)
    return { dependency: 'smtp', reason };
  return null;
}

/** The outage behind `error`, if any: the error itself, its causes, or an AggregateError's members. */
export function outageOf(error: unknown, depth = 0): Outage | null {
  if (depth > 5) return null;
  const own = ruleFor(error);
  if (own) return own;
  if (typeof error !== 'object' || error === null) return null;
  const { cause, errors } = error as ErrorFields;
  if (cause !== undefined && cause !== error) {
    const fromCause = outageOf(cause, depth + 1);
    if (fromCause) return fromCause;
  }
  // A connection attempt to several addresses (IPv4 and IPv6 of localhost) fails as an AggregateError.
  if (Array.isArray(errors) && errors.length > 0) {
    const members = errors.map((member) => outageOf(member, depth + 1));
    if (members.every((member) => member !== null)) return members[0]!;
  }
  return null;
}

export const isOutage = (error: unknown): boolean => outageOf(error) !== null;
