import { SESv2Client, SendEmailCommand } from '@aws-sdk/client-sesv2';
import type { Mailer } from '../../core/notifications/ports';

/**
 * Amazon SES v2 SendEmail, plain text, through the stage's configuration set (its event destination reports bounces
 * and complaints). `endpoint`: the local stack's stand-in, which keeps each message in the local outbox
 * (`/__local/messages?email=`); undefined in AWS.
 */
export class SesMailer implements Mailer {
  private readonly client: SESv2Client;

  constructor(private readonly opts: { region: string; from: string; configurationSet?: string; endpoint?: string }) {
    this.client = new SESv2Client({ region: opts.region, maxAttempts: 2, ...(opts.endpoint ? { endpoint: opts.endpoint } : {}) });
  }

  async send(to: string, mail: { subject: string; text: string }): Promise<void> {
    await this.client.send(
      new SendEmailCommand({
        FromEmailAddress: this.opts.from,
        Destination: { ToAddresses: [to] },
        Content: { Simple: { Subject: { Data: mail.subject, Charset: 'UTF-8' }, Body: { Text: { Data: mail.text, Charset: 'UTF-8' } } } },
        ...(this.opts.configurationSet ? { ConfigurationSetName: this.opts.configurationSet } : {}),
      }),
    );
  }
}
