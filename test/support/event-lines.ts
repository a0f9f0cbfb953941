/** The CloudEvents of a JSON Lines text (a night's file, `recon events`' output), in order. */
import type { CloudEvent } from '../../lambdas/core/events/envelope';

export const eventLines = (text: string): CloudEvent[] =>
  text
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => JSON.parse(line) as CloudEvent);
