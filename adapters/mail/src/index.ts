// The Mailer adapter's door: nodemailer over SMTP, or `.eml` files in the data folder without a relay.
export { classifySmtpFailure, createMailer } from './nodemailer-mailer.ts';
