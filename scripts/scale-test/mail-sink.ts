/**
 * An SMTP server for the scale test that keeps what it receives and takes its time over each message, as the
 * issue's slow mail server did (a message sent twice shows up as two deliveries of one Message-ID). It speaks just enough of SMTP for nodemailer without TLS or authentication.
 */
import { createServer, type Server, type Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';

export interface Delivery {
  to: string;
  subject: string;
  /** The message's Message-ID: the same on every try of one outbox message. */
  messageId: string;
  /** performance.now() when its data had come and when it was accepted: its sender heard nothing in between. */
  received: number;
  at: number;
}

export class MailSink {
  readonly deliveries: Delivery[] = [];
  private readonly server: Server;

  constructor(
    /** How long each message takes to be accepted. */
    private readonly acceptMs: number,
  ) {
    this.server = createServer((socket) => this.converse(socket));
  }

  async listen(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const address = this.server.address();
    return typeof address === 'object' && address ? address.port : 0;
  }

  /** The deliveries of each message delivered more than once, by Message-ID. */
  repeated(): Delivery[][] {
    const byMessage = new Map<string, Delivery[]>();
    for (const delivery of this.deliveries)
      byMessage.set(delivery.messageId, [...(byMessage.get(delivery.messageId) ?? []), delivery]);
    return [...byMessage.values()].filter((deliveries) => deliveries.length > 1);
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private converse(socket: Socket): void {
    let buffered = '';
    let inData = false;
    let recipients: string[] = [];
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 scale-test ESMTP');
    socket.on('error', () => socket.destroy());
    socket.on('data', async (chunk) => {
      buffered += chunk.toString('latin1');
      for (;;) {
        if (inData) {
          const end = buffered.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const message = buffered.slice(0, end);
          buffered = buffered.slice(end + 5);
          inData = false;
          socket.pause();
          const received = performance.now();
          await sleep(this.acceptMs);
          const subject = /^Subject: (.*)$/im.exec(message)?.[1]?.trim() ?? '';
          const messageId = /^Message-ID: (.*)$/im.exec(message)?.[1]?.trim() ?? '';
          for (const to of recipients)
            this.deliveries.push({ to, subject, messageId, received, at: performance.now() });
          recipients = [];
          reply('250 2.0.0 kept');
          socket.resume();
          continue;
        }
        const end = buffered.indexOf('\r\n');
        if (end < 0) return;
        const line = buffered.slice(0, end);
        buffered = buffered.slice(end + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO' || verb === 'HELO') reply('250 scale-test');
        else if (verb === 'MAIL') reply('250 2.1.0 ok');
        else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 2.1.5 ok');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 go ahead');
        } else if (verb === 'RSET') {
          recipients = [];
          reply('250 ok');
        } else if (verb === 'QUIT') {
          reply('221 bye');
          socket.end();
          return;
        } else reply('250 ok');
      }
    });
  }
}
