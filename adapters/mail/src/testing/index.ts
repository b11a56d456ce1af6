// Test-only door, '@evently/mail/testing': an SMTP relay on loopback that keeps what it receives, and the
// MIME reader specs check the sent bytes with.
export { startSmtpSink, type ReceivedMail, type SmtpSink } from './smtp-sink.ts';
export { parseMail } from './mime.ts';
export { smtpOutageKit } from './smtp-outage-kit.ts';
