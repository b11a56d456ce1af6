/**
 * Reasons a run stops early. They end the run cleanly: the checkpoint stays, the run is recorded as failed
 * with this message, and the next run resumes where this one stopped.
 */
export class SourceStoppedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** 401/403: the key is wrong or revoked; retrying cannot help. The message is the API's own. */
export class SourceAuthError extends SourceStoppedError {}

/** The daily quota is spent (or a 429 asks us to wait longer than we are willing to). */
export class QuotaExhaustedError extends SourceStoppedError {
  constructor(readonly resetsAt: Date | null) {
    super(resetsAt ? `request quota exhausted until ${resetsAt.toISOString()}` : 'request quota exhausted');
  }
}

/** A request that kept failing after every retry, or a 4xx that retrying cannot fix. */
export class SourceRequestError extends SourceStoppedError {}
