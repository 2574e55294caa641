import type { License } from '#schemas/licence';

/**
 * A licence as stored: the API's licence and what only the server sees. The confirmation link's token is kept as its
 * SHA-256 (`tokenHash`, with its expiry), and only while the licence waits for the client (status 1).
 */
export interface StoredLicense extends License {
  tokenHash: string | null;
  tokenExpiresAt: string | null;
  /** Sent, its e-mail not out yet: the licence sweep mails it (with a new link). */
  mailDue: boolean;
  /** When the client of a demo was warned of its expiry (once). */
  warnedAt: string | null;
}

/** What the API shows of a stored licence. */
export const shownLicense = ({ tokenHash: _h, tokenExpiresAt: _e, mailDue: _m, warnedAt: _w, ...license }: StoredLicense): License => license;
