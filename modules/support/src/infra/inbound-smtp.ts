/**
 * The inbound SMTP listener for replies by mail (`INBOUND_SMTP_PORT`). It takes mail only for signed ticket
 * addresses (anything else is refused at RCPT TO, so it is never an open relay), parses each message with
 * mailparser and hands the sender and text to the module. A refusal is a permanent 5xx with the reason, so
 * the sender's server bounces it to them instead of retrying; a failure of ours is a 451 to retry later.
 */
import { simpleParser } from 'mailparser';
import { SMTPServer, type SMTPServerAddress } from 'smtp-server';
import type { Logger } from 'pino';
import type { MailReplyOutcome } from '../application/inbound/accept-mail-reply.ts';

/** A reply is text; anything larger is an attachment dump the ticket cannot hold anyway. */
const MAX_MESSAGE_BYTES = 2 * 1024 * 1024;

export interface InboundMailOptions {
  port: number;
  host?: string;
  /** The server's name in its greeting, e.g. `reply.evently.example`. */
  name?: string;
  logger: Logger;
  /** The ticket a recipient address stands for, or null when it is not a valid signed address. */
  ticketOf(address: string): string | null;
  accept(ticketNumber: string, from: string, text: string): Promise<MailReplyOutcome>;
}

export interface InboundMailListener {
  port: number;
  close(): Promise<void>;
}

const refusals: Record<Exclude<MailReplyOutcome, 'appended'>, string> = {
  not_found: 'This ticket no longer exists',
  wrong_sender: 'Only the address that opened this ticket can reply to it',
  closed: 'This ticket is closed. Please open a new ticket.',
  empty: 'The reply has no text above the quoted conversation',
};

const smtpError = (message: string, code: number) => Object.assign(new Error(message), { responseCode: code });

export async function startInboundMailListener(options: InboundMailOptions): Promise<InboundMailListener> {
  const { logger } = options;
  const server = new SMTPServer({
    name: options.name,
    banner: 'replies to support tickets',
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    size: MAX_MESSAGE_BYTES,
    logger: false,
    onRcptTo(address: SMTPServerAddress, _session, callback) {
      if (!options.ticketOf(address.address)) return callback(smtpError('No such mailbox', 550));
      callback();
    },
    onData(stream, session, callback) {
      const recipients = session.envelope.rcptTo
        .map((rcpt) => options.ticketOf(rcpt.address))
        .filter((number): number is string => number !== null);
      simpleParser(stream)
        .then(async (parsed) => {
          if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded)
            return callback(smtpError('Message too large', 552));
          // The header From is who wrote it; the envelope sender may be a forwarding service.
          const from = parsed.from?.value[0]?.address ?? '';
          const text = parsed.text ?? '';
          for (const ticketNumber of new Set(recipients)) {
            const outcome = await options.accept(ticketNumber, from, text);
            logger.info(
              { ticket_number: ticketNumber, outcome, fromDomain: from.split('@')[1] ?? null },
              'support reply by mail',
            );
            if (outcome !== 'appended') return callback(smtpError(refusals[outcome], 550));
          }
          callback();
        })
        .catch((error: unknown) => {
          logger.error({ err: error }, 'support reply by mail failed');
          callback(smtpError('Temporary failure, try again later', 451));
        });
    },
  });
  server.on('error', (error) => logger.error({ err: error }, 'inbound SMTP server error'));
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '0.0.0.0', () => {
      server.off('error', reject);
      resolve();
    });
  });
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  logger.info({ port }, 'inbound SMTP listener for ticket replies is listening');
  return { port, close: () => new Promise<void>((resolve) => server.close(() => resolve())) };
}
