/** The parts of an Amazon Resource Name the CLI needs, read from the ARN the user gives. */
import { UsageError } from './errors';

/** `arn:partition:service:region:account:resource`: the region is the fourth field. */
const ARN = /^arn:[a-z-]+:[a-z0-9-]+:([a-z0-9-]*):\d{12}:.+$/;

/**
 * The region an ARN names. A resource is only reachable through its own region's endpoint, so this
 * is where to call whatever region the shell configures (or none, the SDK's "Region is missing").
 */
export function regionOfArn(arn: string, option: string): string {
  const region = ARN.exec(arn)?.[1];
  if (!region)
    throw new UsageError(`${option} ${arn}: expected arn:aws:<service>:<region>:<account>:<resource>.`);
  return region;
}
