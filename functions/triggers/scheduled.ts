/** What the scheduled triggers get: EventBridge's scheduled event in AWS, the same shape from the local stack's timers. */
export interface ScheduledEventLike {
  time?: string;
}

/** The event's `time` (the sweep's "now"), when it has a valid one. */
export function eventTime(event: ScheduledEventLike): number | undefined {
  const at = event.time ? Date.parse(event.time) : NaN;
  return Number.isFinite(at) ? at : undefined;
}
