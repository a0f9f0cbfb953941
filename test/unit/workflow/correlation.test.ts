import { describe, expect, it } from 'vitest';
import { correlationKeys } from '../../../lambdas/core/workflow/correlation';

describe('correlationKeys', () => {
  it('finds execution, report and pages in the inputs of the different steps', () => {
    expect(correlationKeys({ input: {}, executionId: 'arn:exec' })).toEqual({ executionId: 'arn:exec' });
    expect(correlationKeys({ report: { reportId: '9007199254740993' } })).toEqual({
      reportId: '9007199254740993',
    });
    expect(correlationKeys({ reportId: '7', batch: { firstPage: 11, lastPage: 20 } })).toEqual({
      reportId: '7',
      pages: '11-20',
    });
    expect(correlationKeys({ reportId: '7', cursor: { nextPage: 3 } })).toEqual({ reportId: '7', page: 3 });
    expect(correlationKeys({ run: { executionId: 'arn:exec' }, jobs: [] })).toEqual({
      executionId: 'arn:exec',
    });
    expect(correlationKeys(null)).toEqual({});
  });
});
