/**
 * What the EventBus contract's SMTP-outage case sends through: this package's relay on loopback and its
 * SMTP mailer. Each bus adapter's spec hands it to `testEventBus`, as the platform speaks no SMTP.
 */
import { tmpdir } from 'node:os';
import { silentLogger } from '@evently/platform';
import type { SmtpOutageKit } from '@evently/platform/testing';
import { createMailer } from '../nodemailer-mailer.ts';
import { startSmtpSink } from './smtp-sink.ts';

export const smtpOutageKit: SmtpOutageKit = {
  startRelay: () => startSmtpSink(),
  mailerFor: (smtpUrl) =>
    createMailer({ smtpUrl, dataDir: tmpdir(), from: 'Evently <no-reply@localhost>', logger: silentLogger() }),
};
