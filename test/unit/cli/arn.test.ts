import { describe, expect, it } from 'vitest';
import { regionOfArn } from '../../../cli/arn';
import { UsageError } from '../../../cli/errors';

describe('regionOfArn', () => {
  it.each([
    ['arn:aws:secretsmanager:sa-east-1:123456789012:secret:recon-provider-AbCdEf', 'sa-east-1'],
    ['arn:aws-us-gov:secretsmanager:us-gov-west-1:123456789012:secret:x', 'us-gov-west-1'],
    ['arn:aws-cn:secretsmanager:cn-north-1:123456789012:secret:x', 'cn-north-1'],
  ])('reads the region of %s', (arn, region) => {
    expect(regionOfArn(arn, '--secret-arn')).toBe(region);
  });

  it.each([
    'recon-provider',
    'arn:aws:iam::123456789012:role/x',
    'arn:aws:secretsmanager:sa-east-1:42:secret:x',
  ])('refuses %s as a usage error naming the option and the expected shape', (arn) => {
    expect(() => regionOfArn(arn, '--secret-arn')).toThrow(UsageError);
    expect(() => regionOfArn(arn, '--secret-arn')).toThrow(
      `--secret-arn ${arn}: expected arn:aws:<service>:<region>:<account>:<resource>.`,
    );
  });
});
