/**
 * The e-mails' words in the six console languages (spec: it, es, en, fr, de, pt): an alarm raised, an alarm
 * repaired, a digest of what a flood held back. Times are the merchant's wall clock, named with its time zone.
 */
import type { Language } from '#schemas/collections';

export interface AlarmMailFacts {
  merchantName: string;
  posName: string;
  serial: string;
  groupName: string | null;
  clientName: string | null;
  code: string;
  message: string;
  criticity: number;
  /** The event's time formatted in the merchant's time zone. */
  at: string;
  link: string;
  unsubscribeLink: string;
}

interface Words {
  raised: (f: AlarmMailFacts) => string;
  repaired: (f: AlarmMailFacts) => string;
  digest: (count: number, merchantName: string) => string;
  machine: string;
  group: string;
  client: string;
  alarm: string;
  criticity: string;
  time: string;
  none: string;
  open: string;
  criticities: Record<number, string>;
  digestIntro: (count: number, minutes: number) => string;
  more: (count: number) => string;
  unsubscribe: string;
}

const WORDS: Record<Language, Words> = {
  it: {
    raised: (f) => `Allarme ${f.code} su ${f.posName}`,
    repaired: (f) => `Allarme ${f.code} risolto su ${f.posName}`,
    digest: (n, m) => `${n} notifiche di allarme trattenute (${m})`,
    machine: 'Macchina',
    group: 'Gruppo',
    client: 'Cliente',
    alarm: 'Allarme',
    criticity: 'Criticità',
    time: 'Ora',
    none: 'nessuno',
    open: 'Apri l’allarme nella console',
    criticities: { 0: 'notifica', 2: 'avviso', 4: 'bloccante' },
    digestIntro: (n, min) => `Negli ultimi ${min} minuti sono arrivati troppi allarmi: eccone ${n} in un solo messaggio.`,
    more: (n) => `… e altri ${n}.`,
    unsubscribe: 'Non ricevere più queste notifiche',
  },
  es: {
    raised: (f) => `Alarma ${f.code} en ${f.posName}`,
    repaired: (f) => `Alarma ${f.code} reparada en ${f.posName}`,
    digest: (n, m) => `${n} notificaciones de alarma retenidas (${m})`,
    machine: 'Máquina',
    group: 'Grupo',
    client: 'Cliente',
    alarm: 'Alarma',
    criticity: 'Criticidad',
    time: 'Hora',
    none: 'ninguno',
    open: 'Abrir la alarma en la consola',
    criticities: { 0: 'notificación', 2: 'aviso', 4: 'bloqueante' },
    digestIntro: (n, min) => `En los últimos ${min} minutos llegaron demasiadas alarmas: aquí tiene ${n} en un solo mensaje.`,
    more: (n) => `… y ${n} más.`,
    unsubscribe: 'Dejar de recibir estas notificaciones',
  },
  en: {
    raised: (f) => `Alarm ${f.code} on ${f.posName}`,
    repaired: (f) => `Alarm ${f.code} repaired on ${f.posName}`,
    digest: (n, m) => `${n} alarm notifications held back (${m})`,
    machine: 'Machine',
    group: 'Group',
    client: 'Client',
    alarm: 'Alarm',
    criticity: 'Criticity',
    time: 'Time',
    none: 'none',
    open: 'Open the alarm in the console',
    criticities: { 0: 'notification', 2: 'warning', 4: 'blocking' },
    digestIntro: (n, min) => `Too many alarms arrived in the last ${min} minutes: here are ${n} of them in one message.`,
    more: (n) => `… and ${n} more.`,
    unsubscribe: 'Stop receiving these notifications',
  },
  fr: {
    raised: (f) => `Alarme ${f.code} sur ${f.posName}`,
    repaired: (f) => `Alarme ${f.code} réparée sur ${f.posName}`,
    digest: (n, m) => `${n} notifications d’alarme retenues (${m})`,
    machine: 'Machine',
    group: 'Groupe',
    client: 'Client',
    alarm: 'Alarme',
    criticity: 'Criticité',
    time: 'Heure',
    none: 'aucun',
    open: 'Ouvrir l’alarme dans la console',
    criticities: { 0: 'notification', 2: 'avertissement', 4: 'bloquante' },
    digestIntro: (n, min) => `Trop d’alarmes sont arrivées ces ${min} dernières minutes : en voici ${n} dans un seul message.`,
    more: (n) => `… et ${n} de plus.`,
    unsubscribe: 'Ne plus recevoir ces notifications',
  },
  de: {
    raised: (f) => `Alarm ${f.code} an ${f.posName}`,
    repaired: (f) => `Alarm ${f.code} an ${f.posName} behoben`,
    digest: (n, m) => `${n} zurückgehaltene Alarmbenachrichtigungen (${m})`,
    machine: 'Automat',
    group: 'Gruppe',
    client: 'Kunde',
    alarm: 'Alarm',
    criticity: 'Kritikalität',
    time: 'Zeit',
    none: 'keine',
    open: 'Alarm in der Konsole öffnen',
    criticities: { 0: 'Benachrichtigung', 2: 'Warnung', 4: 'blockierend' },
    digestIntro: (n, min) => `In den letzten ${min} Minuten kamen zu viele Alarme: hier sind ${n} davon in einer Nachricht.`,
    more: (n) => `… und ${n} weitere.`,
    unsubscribe: 'Diese Benachrichtigungen nicht mehr erhalten',
  },
  pt: {
    raised: (f) => `Alarme ${f.code} em ${f.posName}`,
    repaired: (f) => `Alarme ${f.code} reparado em ${f.posName}`,
    digest: (n, m) => `${n} notificações de alarme retidas (${m})`,
    machine: 'Máquina',
    group: 'Grupo',
    client: 'Cliente',
    alarm: 'Alarme',
    criticity: 'Criticidade',
    time: 'Hora',
    none: 'nenhum',
    open: 'Abrir o alarme na consola',
    criticities: { 0: 'notificação', 2: 'aviso', 4: 'bloqueante' },
    digestIntro: (n, min) => `Chegaram demasiados alarmes nos últimos ${min} minutos: aqui estão ${n} numa só mensagem.`,
    more: (n) => `… e mais ${n}.`,
    unsubscribe: 'Deixar de receber estas notificações',
  },
};

const wordsOf = (language: string) => WORDS[(language in WORDS ? language : 'en') as Language];

export interface Mail {
  subject: string;
  text: string;
}

/** An alarm raised or repaired, for one recipient. */
export function alarmMail(language: string, kind: 'raised' | 'repaired', f: AlarmMailFacts): Mail {
  const w = wordsOf(language);
  const lines = [
    `${w.machine}: ${f.posName} (${f.serial})`,
    `${w.group}: ${f.groupName ?? w.none}`,
    `${w.client}: ${f.clientName ?? w.none}`,
    `${w.alarm}: ${f.code} — ${f.message}`,
    `${w.criticity}: ${w.criticities[f.criticity] ?? String(f.criticity)}`,
    `${w.time}: ${f.at}`,
    '',
    `${w.open}: ${f.link}`,
    '',
    `${w.unsubscribe}: ${f.unsubscribeLink}`,
  ];
  return { subject: `${f.merchantName} — ${w[kind](f)}`, text: lines.join('\n') + '\n' };
}

/** At most this many lines in a digest; the rest is counted. */
export const DIGEST_LINES = 50;

/** What a flood held back, as one message: one line per alarm (the held-back subjects). */
export function digestMail(
  language: string,
  merchantName: string,
  lines: readonly string[],
  total: number,
  windowMinutes: number,
  unsubscribeLink: string,
): Mail {
  const w = wordsOf(language);
  const shown = lines.slice(0, DIGEST_LINES);
  const body = [
    w.digestIntro(total, windowMinutes),
    '',
    ...shown.map((l) => `- ${l}`),
    ...(total > shown.length ? [w.more(total - shown.length)] : []),
    '',
    `${w.unsubscribe}: ${unsubscribeLink}`,
  ];
  return { subject: w.digest(total, merchantName), text: body.join('\n') + '\n' };
}

/** The event time on the merchant's wall clock, with the zone's name: `2026-11-28 07:00 (Europe/Rome)`. */
export function merchantTime(iso: string, timeZone: string): string {
  try {
    const parts = Object.fromEntries(
      new Intl.DateTimeFormat('en-GB', { timeZone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
        .formatToParts(Date.parse(iso))
        .map((p) => [p.type, p.value]),
    );
    return `${parts.year}-${parts.month}-${parts.day} ${parts.hour}:${parts.minute} (${timeZone})`;
  } catch {
    return `${iso.slice(0, 16).replace('T', ' ')} (UTC)`;
  }
}
