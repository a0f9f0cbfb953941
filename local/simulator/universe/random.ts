/**
 * Seeded randomness: every number the simulator makes up comes from here, so a seed reproduces the same
 * data, ids, orderings and injected faults on every run and machine.
 */

export type Rng = () => number;

/** mulberry32: tiny, fast, good enough for test data (not for cryptography). */
export function mulberry32(seed: number): Rng {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Derives an independent 32-bit seed from a seed and labels (FNV-1a), e.g. one stream per record. */
export function deriveSeed(seed: number, ...labels: (string | number)[]): number {
  let h = 0x811c9dc5 ^ (seed >>> 0);
  for (const ch of labels.join('\u0000')) {
    h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  }
  return h >>> 0;
}

export function rngFor(seed: number, ...labels: (string | number)[]): Rng {
  return mulberry32(deriveSeed(seed, ...labels));
}

/** Integer in [min, max], both inclusive. */
export function intBetween(rng: Rng, min: number, max: number): number {
  return min + Math.floor(rng() * (max - min + 1));
}

export function pick<T>(rng: Rng, items: readonly T[]): T {
  return items[Math.floor(rng() * items.length)] as T;
}

/** Fisher–Yates in place. */
export function shuffleInPlace(rng: Rng, items: { length: number; [i: number]: number }): void {
  for (let i = items.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    const tmp = items[i] as number;
    items[i] = items[j] as number;
    items[j] = tmp;
  }
}
