/**
 * The bank leg's writes belong to the deposit match alone: its Lambda takes statements out of their
 * inbox and rewrites the deposit results, and runs between the snapshot export and the summary; the
 * summary's Lambda may not delete, nor touch the inbox (test/infra/stack.test.ts lists what it reads).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { STEP_CATALOG } from '../../lambdas/core/workflow/step-catalog';
import { STATE } from '../../lib/workflow/state-names';
import { definitionFromTemplate } from '../../local/stepfunctions/definition';
import { actionsOf, PRODUCTION, type Resources, type Statement, statementsOf, synth } from './stack-synth';

const MATCH = STEP_CATALOG.matchDeposits.purpose;
const SUMMARY = STEP_CATALOG.summarize.purpose;

const s3Shape = (st: Statement) => [st.Action, JSON.stringify(st.Resource), st.Condition];
const s3ReadsOf = (resources: Resources, text: string) =>
  statementsOf(resources, text).filter((st) =>
    [st.Action].flat().some((a) => a.startsWith('s3:Get') || a.startsWith('s3:List')),
  );

describe('the deposit match step (production)', () => {
  let resources: Resources;
  let states: Record<
    string,
    { Next?: string; Parameters?: unknown; ResultPath?: unknown; Retry?: unknown[] }
  >;
  beforeAll(() => {
    const synthesized = synth(PRODUCTION);
    resources = synthesized.resources;
    states = (definitionFromTemplate(synthesized.template.toJSON()) as unknown as { States: typeof states })
      .States;
  });

  it('takes statements out of the inbox, rewrites the deposit results, reads its ERP lines, and nothing else of the bucket', () => {
    expect(s3ReadsOf(resources, MATCH).map(s3Shape)).toEqual([
      [
        ['s3:GetObject', 's3:DeleteObject'],
        expect.stringMatching(/"\/bank\/inbox\/\*"\]].*"\/deposits\/results\/\*"\]/),
        undefined,
      ],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['bank/inbox/*'] } }],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['deposits/results/*'] } }],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['bank/raw/*'] } }],
      // It writes the ERP export's deposit lines: it reads the night's part and what was posted.
      ['s3:GetObject', expect.stringMatching(/"\/exports\/baixas\/\*"\]/), undefined],
      ['s3:ListBucket', expect.any(String), { StringLike: { 's3:prefix': ['exports/baixas/*'] } }],
      ['s3:GetObject', expect.stringMatching(/"\/exports\/baixas-ledger\/deposits\/\*"\]/), undefined],
      [
        's3:ListBucket',
        expect.any(String),
        { StringLike: { 's3:prefix': ['exports/baixas-ledger/deposits/*'] } },
      ],
    ]);
    const actions = actionsOf(resources, MATCH).map((a) => a.action);
    // Copies into bank/raw/ and the quarantine are puts; the bank transactions go to the table.
    expect(actions).toEqual(expect.arrayContaining(['s3:PutObject', 'dynamodb:PutItem']));
    expect(actions.some((a) => /^(sns|states|secretsmanager):/.test(a))).toBe(false);
  });

  it('leaves the summary no delete and no way into the inbox', () => {
    const summary = statementsOf(resources, SUMMARY);
    expect(summary.flatMap((st) => [st.Action].flat())).not.toContain('s3:DeleteObject');
    expect(JSON.stringify(summary)).not.toContain('bank/inbox');
  });

  it('runs between the snapshot export and the summary, on the run period, keeping nothing in the state', () => {
    expect(states[STATE.exportSnapshot]?.Next).toBe(STATE.matchDeposits);
    expect(states[STATE.matchDeposits]).toMatchObject({
      Next: STATE.summarizeRun,
      Parameters: { 'from.$': '$.run.from', 'asOf.$': '$.run.asOf' },
      ResultPath: null,
    });
    expect(states[STATE.matchDeposits]?.Retry?.length).toBeGreaterThan(0);
  });
});
