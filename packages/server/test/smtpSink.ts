import { SMTPServer } from 'smtp-server';

/** One mail as the local SMTP server received it. */
export interface SunkMail {
  to: string[];
  /** Header names lower-cased, folded lines joined. */
  headers: Map<string, string>;
  /** The raw message with quoted-printable undone (enough to read links). */
  text: string;
}

function decodeQuotedPrintable(text: string): string {
  return text
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

function parse(raw: string, to: string[]): SunkMail {
  const end = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, end).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const at = line.indexOf(':');
    if (at > 0) headers.set(line.slice(0, at).toLowerCase(), line.slice(at + 1).trim());
  }
  return { to, headers, text: decodeQuotedPrintable(raw.slice(end + 4)) };
}

export interface SmtpSinkOptions {
  /**
   * Called with each mail once its data is in and before the sink answers the client: until it
   * settles, the sender's SMTP call is still open (a test can kill the sender right there).
   */
  beforeAccept?(mail: SunkMail, count: number): Promise<void> | void;
}

/** A local SMTP server (the smtp-server package) keeping every mail it accepts. */
export async function startSmtpSink(options: SmtpSinkOptions = {}): Promise<{
  url: string;
  mails: SunkMail[];
  /** Settles once the sink holds at least `count` mails. */
  received(count: number): Promise<void>;
  close(): Promise<void>;
}> {
  const mails: SunkMail[] = [];
  const waiters: { count: number; done: () => void }[] = [];
  const received = (count: number) =>
    new Promise<void>((done) => {
      if (mails.length >= count) done();
      else waiters.push({ count, done });
    });
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const mail = parse(
          Buffer.concat(chunks).toString('utf8'),
          session.envelope.rcptTo.map((r) => r.address),
        );
        mails.push(mail);
        for (const waiter of waiters.filter((w) => mails.length >= w.count)) {
          waiters.splice(waiters.indexOf(waiter), 1);
          waiter.done();
        }
        Promise.resolve(options.beforeAccept?.(mail, mails.length)).then(
          () => callback(),
          (error: Error) => callback(error),
        );
      });
    },
  });
  // A client killed mid-mail resets its connection; that is the client's end, not the sink's.
  server.on('error', () => {});
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `smtp://127.0.0.1:${port}`,
    mails,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
