/**
 * Injected faults: the knobs a test turns (all off by default) and the seeded dice that decide, request
 * by request, whether a fault strikes. Same seed and same request order give the same faults.
 */

import type { SimulatorFaults } from '../types';
import { type Rng, rngFor } from '../universe/random';

export const DEFAULT_FAULTS: SimulatorFaults = {
  latencyMs: [0, 0],
  serverErrorRate: 0,
  rateLimitBurst: 0,
  retryAfterHeader: true,
  malformedPageRate: 0,
  truncatedPageRate: 0,
  errorReports: 'none',
  stuckReports: false,
  duplicateDeliveries: 0,
  earlyDelivery: false,
  timestampUnit: 's',
  hangRate: 0,
  generationFailures: [],
  erroNextReports: 0,
  repeatedPage: null,
  wrongWindowReports: 'none',
  emptyOncePages: [],
  reportedPageCount: 'actual',
  echoRequest: null,
  refuseWebhookRegistrations: false,
  credentialsRevoked: false,
  pageSeamOverlap: 'off',
  correctedForecasts: false,
  correctedPayments: false,
  correctedTwins: false,
  correctedChargebacks: false,
  shiftedRenderings: false,
};

export function buildFaultState(seed: number, initial: Partial<SimulatorFaults> = {}) {
  let faults: SimulatorFaults = { ...DEFAULT_FAULTS, ...initial };
  const dice: Rng = rngFor(seed, 'faults');
  return {
    current: (): SimulatorFaults => faults,
    set(partial: Partial<SimulatorFaults>): void {
      faults = { ...faults, ...partial };
    },
    /** True with probability `rate` (a rate of 0 never consumes the dice, so it cannot shift other faults). */
    strikes(rate: number): boolean {
      return rate > 0 && dice() < rate;
    },
    /** Uniform latency in the configured range. */
    latency(): number {
      const [min, max] = faults.latencyMs;
      return max > min ? min + Math.floor(dice() * (max - min + 1)) : min;
    },
    pick<T>(items: readonly T[]): T {
      return items[Math.floor(dice() * items.length)] as T;
    },
    /** The failure the next generation request meets, if one is queued (consumed). */
    takeGenerationFailure(): SimulatorFaults['generationFailures'][number] | undefined {
      const [next, ...rest] = faults.generationFailures;
      if (next !== undefined) faults = { ...faults, generationFailures: rest };
      return next;
    },
    /** True when the report being generated must end in ERRO because of `erroNextReports` (consumed). */
    takeErroReport(): boolean {
      if (faults.erroNextReports <= 0) return false;
      faults = { ...faults, erroNextReports: faults.erroNextReports - 1 };
      return true;
    },
    /** Consumes one request of a pending 429 burst. */
    takeBurst(): boolean {
      if (faults.rateLimitBurst <= 0) return false;
      faults = { ...faults, rateLimitBurst: faults.rateLimitBurst - 1 };
      return true;
    },
  };
}

export type FaultState = ReturnType<typeof buildFaultState>;
