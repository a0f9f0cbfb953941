/**
 * Shifted renderings (fault knob `shiftedRenderings`): the other ways one instant and one number can
 * be written. A date becomes an ISO date-time of an instant on that São Paulo day, written in another
 * offset (a São Paulo evening in UTC or in Tokyo is the next written day; an early morning at -05:00
 * is the day before), or as zone-less São Paulo wall-clock time; a numeric identifier gets a zero
 * fraction, dash or space groups, Unicode spaces or a zero-width character. Each record of each report
 * draws its own forms, so a forecast and its payment are usually written differently.
 */
import { businessDate, type IsoDate } from '../../../lambdas/core/calendar';
import { pick, type Rng } from '../universe/random';

const MINUTE = 60_000;
/** São Paulo's offsets in minutes: -03:00, and -02:00 in the summer time it had until 2019. */
const SAO_PAULO_OFFSETS = [-180, -120];
/** Offsets the instant is written in (0 is written `Z`); -180 is São Paulo's own. */
const WRITTEN_OFFSETS = [0, 0, 540, -300, -180];

/** A date as an ISO date-time (or, now and then, as the plain date it is). */
export function shiftedDate(rng: Rng, day: IsoDate): string {
  const style = rng();
  // Evenings move the written date forward in UTC and east of it; early mornings back west of it.
  const minuteOfDay = rng() < 0.75 ? 21 * 60 + Math.floor(rng() * 180) : Math.floor(rng() * 120);
  if (style < 0.1) return day;
  const wall = `${String(Math.trunc(minuteOfDay / 60)).padStart(2, '0')}:${String(minuteOfDay % 60).padStart(2, '0')}`;
  if (style < 0.2) return `${day}T${wall}:00`;
  const instant = saoPauloInstant(day, minuteOfDay);
  return written(instant, pick(rng, WRITTEN_OFFSETS));
}

/** An instant on São Paulo's `day` near `minuteOfDay` (the wall time may be an hour off under summer time). */
function saoPauloInstant(day: IsoDate, minuteOfDay: number): number {
  const midnightUtc = Date.parse(`${day}T00:00:00Z`);
  for (const offset of SAO_PAULO_OFFSETS) {
    const instant = midnightUtc + (minuteOfDay - offset) * MINUTE;
    if (businessDate(new Date(instant)) === day) return instant;
  }
  throw new Error(`no instant of ${day} at minute ${minuteOfDay} in São Paulo`);
}

function written(instant: number, offset: number): string {
  const wall = new Date(instant + offset * MINUTE).toISOString().slice(0, 19);
  if (offset === 0) return `${wall}Z`;
  const abs = Math.abs(offset);
  const hh = String(Math.trunc(abs / 60)).padStart(2, '0');
  const mm = String(abs % 60).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${hh}:${mm}`;
}

const ID_FORMS: ((digits: string) => string)[] = [
  (digits) => digits,
  (digits) => `${digits}.0`,
  (digits) => `${digits},00`,
  (digits) => `000-${digits}`,
  (digits) => `00 0${digits}`,
  (digits) => `${digits.slice(0, 1)}\u00A0${digits.slice(1)}`,
  (digits) => `${digits.slice(0, 1)}\u202F${digits.slice(1)}`,
  (digits) => `\u200B${digits}`,
  (digits) => `${digits}\uFEFF`,
];

/** A numeric identifier (digits) in one of the forms that mean the same number. */
export function shiftedId(rng: Rng, digits: string): string {
  return pick(rng, ID_FORMS)(digits);
}
