/**
 * What the summary's role may read (split from stack.test.ts, which grew past a module's size): the
 * sources of its sections, the pendências' and the reports it links to, each under its own prefix.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OVERCHARGES_PREFIX } from '../../lambdas/core/fee-audit/overcharges-lake';
import { actionsOf, PRODUCTION, type Resources, statementsOf, synth } from './stack-synth';

describe('the summary step (production)', () => {
  let resources: Resources;
  beforeAll(() => {
    ({ resources } = synth(PRODUCTION));
  });

  it('publishes, and reads only what its sections and links need', () => {
    expect(actionsOf(resources, 'run summary').map((a) => a.action)).toContain('sns:Publish');
    // The message's presigned links act with the summary's role: it reads the HTML reports and their
    // CSV lists; the fee
    // audit's section reads the touched-key log and the contracted-rate table (docs/fee-audit.md); the
    // kept action list is read from its own prefix (action-list/store.ts); the deposits section lists
    // the raw statements and reads the deposit results; the fee breaks, the nights' fee lines; nothing else.
    const summaryReads = statementsOf(resources, 'run summary').filter((st) =>
      [st.Action].flat().some((a) => a.startsWith('s3:Get') || a.startsWith('s3:List')),
    );
    const readShape = (st: (typeof summaryReads)[number]) => [
      st.Action,
      JSON.stringify(st.Resource),
      st.Condition,
    ];
    expect(summaryReads.map(readShape)).toEqual([
      ['s3:GetObject', expect.stringMatching(/"\/reconciliation\/touched\/\*"\]/), undefined],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['reconciliation/touched/*'] } }],
      ['s3:GetObject', expect.stringMatching(/"\/reconciliation\/action-list\/\*"\]/), undefined],
      [
        's3:ListBucket',
        expect.any(String),
        { StringLike: { 's3:prefix': ['reconciliation/action-list/*'] } },
      ],
      ['s3:GetObject', expect.stringMatching(/"\/config\/contract-rates\.csv"\]/), undefined],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['config/contract-rates.csv*'] } }],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['bank/raw/*'] } }],
      ['s3:GetObject', expect.stringMatching(/"\/deposits\/results\/\*"\]/), undefined],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['deposits/results/*'] } }],
      ['s3:GetObject', expect.stringMatching(/"\/reconciliation\/fee-overcharges\/\*"\]/), undefined],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': [`${OVERCHARGES_PREFIX}*`] } }],
      [
        's3:GetObject',
        expect.stringMatching(
          /"\/summaries\/run=\*\/report\.html"\]\]},.*"\/summaries\/run=\*\/\*\.csv"\]\]}\]$/,
        ),
        undefined,
      ],
    ]);
  });
});
