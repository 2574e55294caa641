/**
 * The local stand-in for Amazon SES v2 SendEmail, served by the local Cognito's HTTP server so that alarm
 * notifications land in the same outbox as invitations (`GET /__local/messages?email=`): the sender's SES client
 * only has this endpoint instead of AWS's. `POST /__local/ses-failures {email, times}` makes the next `times` sends
 * to that address fail (MessageRejected), for tests of retries and of what is kept aside. Like SES's mailbox
 * simulator, `bounce@simulator.amazonses.com` and `complaint@simulator.amazonses.com` (also with a `+label`) accept the
 * message and then report a permanent bounce or a complaint to `feedback` (AWS: the configuration set's SNS topic).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { randomUUID } from 'node:crypto';
import { readBody } from '../read-body';

export interface SentEmail {
  at: string;
  source: 'SES';
  destination: string;
  deliveryMedium: 'EMAIL';
  username: string;
  code: string;
  subject: string;
  message: string;
}

interface SendEmailRequest {
  Destination?: { ToAddresses?: string[] };
  Content?: { Simple?: { Subject?: { Data?: string }; Body?: { Text?: { Data?: string } } } };
}

function answer(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  res.statusCode = status;
  res.setHeader('content-type', 'application/json');
  for (const [k, v] of Object.entries(headers)) res.setHeader(k, v);
  res.end(text);
}

const SIMULATOR = /^(bounce|complaint)(\+[^@]*)?@simulator\.amazonses\.com$/i;

/** The SES event (as its SNS notification's Message) the mailbox simulator reports for an address, if any. */
function simulatedFeedback(address: string): string | undefined {
  const kind = SIMULATOR.exec(address)?.[1]?.toLowerCase();
  if (kind === 'bounce') return JSON.stringify({ eventType: 'Bounce', bounce: { bounceType: 'Permanent', bouncedRecipients: [{ emailAddress: address }] } });
  if (kind === 'complaint') return JSON.stringify({ eventType: 'Complaint', complaint: { complainedRecipients: [{ emailAddress: address }] } });
  return undefined;
}

/** Answers the SES routes (true) or leaves the request to the caller (false). */
export function localSes(deliver: (m: SentEmail) => void, feedback?: (message: string) => Promise<void>) {
  const failures = new Map<string, number>();
  return async (req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> => {
    if (req.method === 'POST' && path === '/__local/ses-failures') {
      const { email, times } = JSON.parse((await readBody(req)).toString('utf8') || '{}') as { email?: string; times?: number };
      if (!email) return (answer(res, 400, { message: 'email is required' }), true);
      failures.set(email.toLowerCase(), Math.max(0, Number(times ?? 1)));
      answer(res, 204, {});
      return true;
    }
    if (req.method !== 'POST' || path !== '/v2/email/outbound-emails') return false;
    let body: SendEmailRequest;
    try {
      body = JSON.parse((await readBody(req)).toString('utf8') || '{}') as SendEmailRequest;
    } catch {
      answer(res, 400, { message: 'Invalid JSON' }, { 'x-amzn-errortype': 'BadRequestException' });
      return true;
    }
    const to = body.Destination?.ToAddresses ?? [];
    if (to.length === 0) return (answer(res, 400, { message: 'Missing destination' }, { 'x-amzn-errortype': 'BadRequestException' }), true);
    const failing = to.find((address) => (failures.get(address.toLowerCase()) ?? 0) > 0);
    if (failing) {
      failures.set(failing.toLowerCase(), failures.get(failing.toLowerCase())! - 1);
      answer(res, 400, { message: `local SES: sending to ${failing} fails on purpose` }, { 'x-amzn-errortype': 'MessageRejected' });
      return true;
    }
    const simple = body.Content?.Simple;
    for (const destination of to) {
      deliver({
        at: new Date().toISOString(),
        source: 'SES',
        destination,
        deliveryMedium: 'EMAIL',
        username: '',
        code: '',
        subject: simple?.Subject?.Data ?? '',
        message: simple?.Body?.Text?.Data ?? '',
      });
      const report = simulatedFeedback(destination);
      // Reported after the answer, as SES does.
      if (report && feedback) setTimeout(() => void feedback(report).catch(() => undefined), 50);
    }
    answer(res, 200, { MessageId: randomUUID() });
    return true;
  };
}
