/** Expected deposits, bank credits and a deposits configuration for the matching tests. */
import type { DepositsConfig } from '../../lambdas/core/deposits/config';
import { depositsConfigSchema } from '../../lambdas/core/deposits/config';
import type { BankCredit, ExpectedDeposit } from '../../lambdas/core/deposits/types';

export const ACCOUNT = '341/1234/567890';

export function expectedDeposit(
  fields: Partial<ExpectedDeposit> & Pick<ExpectedDeposit, 'paymentDate' | 'expectedCents'>,
): ExpectedDeposit {
  return {
    acquirer: 'CIELO',
    bankAccount: ACCOUNT,
    group: '',
    paidCents: fields.expectedCents,
    deductedCents: 0,
    ...fields,
  };
}

export function bankCredit(
  fields: Partial<BankCredit> & Pick<BankCredit, 'postedDate' | 'amountCents' | 'identity'>,
): BankCredit {
  return { bankAccount: ACCOUNT, fitid: null, memo: 'CRED CIELO SA', ...fields };
}

export function depositsConfig(deposits: Partial<DepositsConfig> = {}): { deposits: DepositsConfig } {
  return { deposits: { ...depositsConfigSchema.parse({}), ...deposits } };
}
