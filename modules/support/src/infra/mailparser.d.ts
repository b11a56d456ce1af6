/** The part of mailparser's API this module uses (the package ships no types). */
declare module 'mailparser' {
  interface AddressObject {
    value: Array<{ address?: string; name?: string }>;
    text: string;
  }
  interface ParsedMail {
    from?: AddressObject;
    subject?: string;
    text?: string;
    html?: string | false;
    messageId?: string;
    inReplyTo?: string;
  }
  export function simpleParser(
    source: NodeJS.ReadableStream | Buffer | string,
    options?: Record<string, unknown>,
  ): Promise<ParsedMail>;
}
