/** The breaks service on a local world's table, as `recon breaks` builds it, its clock at `at`. */
import { buildBreaks } from '../../lambdas/core/breaks/service';
import type { LocalWorld } from '../../local/simulated-world';

export function breaksOf({ dynamo, reconConfig }: Pick<LocalWorld, 'dynamo' | 'reconConfig'>, at: string) {
  return buildBreaks({
    ddb: dynamo.documentClient,
    tableName: dynamo.tableName,
    config: reconConfig,
    rules: reconConfig.breaks,
    now: () => new Date(at),
  });
}
