/**
 * A DynamoDB client that loses answers: a chosen request lands, its answer never arrives, and the
 * request is sent again as the SDK's retry would, the caller seeing only the retry's answer (an error
 * of it carries `$metadata.attempts: 2`, as the SDK's retry middleware sets). `between` runs after the
 * lost request landed and before the retry (another writer getting in between).
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';

type Send = Pick<DynamoDBDocumentClient, 'send'>;
type Command = Parameters<DynamoDBDocumentClient['send']>[0];

export interface LosingClient {
  readonly ddb: Send;
  /** How many answers were lost so far. */
  readonly lost: () => number;
}

export function losingAnswers(
  ddb: Send,
  lose: (command: Command) => boolean,
  between: () => Promise<void> = async () => {},
): LosingClient {
  let lost = 0;
  const send = async (command: Command) => {
    if (!lose(command)) return ddb.send(command);
    lost += 1;
    await ddb.send(command); // landed; its answer is lost on the way back
    await between();
    try {
      return await ddb.send(command);
    } catch (error) {
      const metadata = (error as { $metadata?: object }).$metadata;
      Object.assign(error as object, { $metadata: { ...metadata, attempts: 2 } });
      throw error;
    }
  };
  return { ddb: { send: send as Send['send'] }, lost: () => lost };
}

/** The first request `matches` picks (then none): whose answer to lose. */
export function firstOf<T>(matches: (command: T) => boolean): (command: T) => boolean {
  let taken = false;
  return (command) => {
    if (taken || !matches(command)) return false;
    taken = true;
    return true;
  };
}
