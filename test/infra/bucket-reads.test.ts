/**
 * What each step may read from the lake bucket, prefix by prefix: the summary's, aging's and the web
 * inbox's roles (the download's is in stack.test.ts).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { OVERCHARGES_PREFIX } from '../../lambdas/core/fee-audit/overcharges-lake';
import { PRODUCTION, type Resources, statementsOf, synth } from './stack-synth';

describe('recon stack: bucket reads per step', () => {
  let resources: Resources;
  beforeAll(() => {
    ({ resources } = synth(PRODUCTION));
  });

  it('lets the summary read only its prefixes', () => {
    // The message's presigned links act with the summary's role: it reads the HTML reports and their
    // CSV lists; the fee
    // audit's section reads the touched-key log and the contracted-rate table (docs/fee-audit.md); the
    // kept action list is read from its own prefix (action-list/store.ts); the deposits section lists
    // the raw statements and reads the deposit results; the fee breaks, the nights' fee lines; the
    // night's events, the breaks' snapshot of the night before (docs/events.md); the ERP export's
    // manifest, the night's lines (docs/erp-export.md); nothing else.
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
      ['s3:GetObject', expect.stringMatching(/"\/breaks\/snapshots\/\*"\]/), undefined],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['breaks/snapshots/*'] } }],
      ['s3:GetObject', expect.stringMatching(/"\/exports\/baixas\/\*"\]/), undefined],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['exports/baixas/*'] } }],
      ['s3:GetObject', expect.stringMatching(/"\/exports\/baixas-ledger\/account-items\/\*"\]/), undefined],
      [
        's3:ListBucket',
        expect.any(String),
        { StringLike: { 's3:prefix': ['exports/baixas-ledger/account-items/*'] } },
      ],
      [
        's3:GetObject',
        expect.stringMatching(
          /"\/summaries\/run=\*\/report\.html"\]\]},.*"\/summaries\/run=\*\/\*\.csv"\]\]}\]$/,
        ),
        undefined,
      ],
    ]);
  });

  it('lets aging read the touched-key log and log what it aged there', () => {
    // Aging reads its due lists from the touched-key log and logs the receivables it aged there.
    const agingReads = statementsOf(resources, 'Aging sweep').filter((st) =>
      [st.Action].flat().some((a) => a.startsWith('s3:')),
    );
    expect(agingReads.map((st) => [st.Action, st.Condition])).toEqual([
      ['s3:PutObject', undefined],
      ['s3:GetObject', undefined],
      ['s3:ListBucket', { StringLike: { 's3:prefix': ['reconciliation/touched/*'] } }],
    ]);
  });

  it('lets the web inbox list the pendências from the kept action list and the touched log since it, and read the fee lines', () => {
    const inboxReads = statementsOf(resources, 'web inbox').filter((st) =>
      [st.Action].flat().some((a) => a.startsWith('s3:Get') || a.startsWith('s3:List')),
    );
    expect(inboxReads.map((st) => [st.Action, JSON.stringify(st.Resource), st.Condition])).toEqual([
      [
        's3:GetObject',
        expect.stringMatching(
          /deposits\/results\/\*".*reconciliation\/fee-overcharges\/\*".*reconciliation\/action-list\/\*".*reconciliation\/touched\/\*"/,
        ),
        undefined,
      ],
      [
        's3:ListBucket',
        expect.any(String),
        {
          StringLike: {
            's3:prefix': [
              'deposits/results/*',
              `${OVERCHARGES_PREFIX}*`,
              'reconciliation/action-list/*',
              'reconciliation/touched/*',
            ],
          },
        },
      ],
    ]);
    // It puts each decision's audit event and logs the receivables a match by hand writes.
    const puts = statementsOf(resources, 'web inbox').filter((st) =>
      [st.Action].flat().includes('s3:PutObject'),
    );
    expect(puts.map((st) => JSON.stringify(st.Resource))).toEqual([
      expect.stringMatching(/breaks\/events\/\*".*reconciliation\/touched\/\*"/),
    ]);
  });
});
