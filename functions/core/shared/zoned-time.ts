/** Calendar days of a time zone (IANA id) and the instants they start at: a merchant's days (spec §9). */

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** The wall-clock time of an instant in the zone, read as if it were UTC (epoch ms, whole seconds). */
function wallClock(timeZone: string, epochMs: number): number {
  const parts = Object.fromEntries(
    formatter(timeZone)
      .formatToParts(epochMs)
      .map((p) => [p.type, Number(p.value)]),
  );
  return Date.UTC(parts.year!, parts.month! - 1, parts.day!, parts.hour!, parts.minute!, parts.second!);
}

/** The calendar day (YYYY-MM-DD) an instant falls on in the zone. */
export function dayIn(timeZone: string, instant: string): string {
  return new Date(wallClock(timeZone, Date.parse(instant))).toISOString().slice(0, 10);
}

/** The wall-clock hour (00–23) an instant falls in, in the zone. */
export function hourIn(timeZone: string, instant: string): string {
  return new Date(wallClock(timeZone, Date.parse(instant))).toISOString().slice(11, 13);
}

/** The instant a calendar day starts in the zone (its first existing minute when a clock change skips midnight). */
export function dayStart(day: string, timeZone: string): string {
  const midnight = Date.parse(`${day}T00:00:00Z`);
  let at = midnight;
  // Two passes: the offset at the first guess may differ from the offset at the answer across a clock change.
  for (let i = 0; i < 2; i++) at = midnight - (wallClock(timeZone, at) - Math.floor(at / 1000) * 1000);
  if (wallClock(timeZone, at) < midnight) at += 3_600_000;
  return new Date(at).toISOString();
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** 0 = Monday … 6 = Sunday. */
export const weekdayOf = (day: string) => (new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7;

export const firstOfMonth = (day: string) => `${day.slice(0, 7)}-01`;

export function addMonths(day: string, months: number): string {
  const d = new Date(`${firstOfMonth(day)}T00:00:00Z`);
  d.setUTCMonth(d.getUTCMonth() + months);
  return d.toISOString().slice(0, 10);
}

/** An ISO instant as stored dates are written (UTC, milliseconds), so ranges compare as strings; undefined stays. */
export const canonicalInstant = <T extends string | undefined>(iso: T): T => (iso === undefined ? iso : (new Date(iso).toISOString() as T));
