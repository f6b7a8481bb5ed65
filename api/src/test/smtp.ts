/** A real SMTP server in the test process (smtp-server), whose received mail is parsed with mailparser. */
import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerOptions } from 'smtp-server';
import { simpleParser, type ParsedMail } from 'mailparser';

export type ReceivedMail = { from: string; to: string[]; user?: string; secure: boolean; parsed: ParsedMail; raw: string };

export class TestSmtpServer {
  readonly mails: ReceivedMail[] = [];
  private server?: SMTPServer;
  private bound = 0;

  /** Port 0 (the default) takes a free port from the system: fixed ports collided with other processes' connections. */
  constructor(
    private readonly wanted: number = 0,
    private readonly options: Partial<SMTPServerOptions> = {},
  ) {}

  /** The port it listens on, known once started. */
  get port(): number {
    if (!this.bound) throw new Error('TestSmtpServer: not started');
    return this.bound;
  }

  async start(): Promise<void> {
    this.server = new SMTPServer({
      authOptional: true,
      disableReverseLookup: true,
      logger: false,
      // a client the test leaves connected (a refused certificate, a pooled transport) is cut off at stop() after
      // half a second, instead of holding the suite for the default 30 s
      closeTimeout: 500,
      ...this.options,
      onData: (stream, session, callback) => {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', async () => {
          const raw = Buffer.concat(chunks).toString('utf8');
          this.mails.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            user: typeof session.user === 'string' ? session.user : undefined,
            secure: session.secure,
            parsed: await simpleParser(raw),
            raw,
          });
          callback();
        });
      },
    });
    this.server.on('error', () => {});
    await new Promise<void>((resolve, reject) => {
      this.server!.once('error', reject);
      this.server!.listen(this.wanted, '127.0.0.1', () => resolve());
    });
    this.bound = (this.server.server.address() as AddressInfo).port;
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.mails.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails, got ${this.mails.length}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  async stop(): Promise<void> {
    await new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r()));
  }
}
