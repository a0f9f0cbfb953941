/**
 * The morning report and message link into the web inbox: with the inbox on, the summarize Lambda
 * gets the inbox's address (the stack's InboxUrl output, the same value) as RECON_INBOX_URL; with it
 * off, no such setting. The inbox's Lambda may read what its pages show: the fee lines too, and
 * speaks the report's language (the stage's reportLanguage).
 */
import { describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/core/env';
import { OVERCHARGES_PREFIX } from '../../lambdas/core/fee-audit/overcharges-lake';
import { WORKFLOW_ENV } from '../../lambdas/core/workflow/config';
import { STEP_CATALOG } from '../../lambdas/core/workflow/step-catalog';
import { INBOX_PURPOSE } from '../../lib/inbox/inbox';
import { ofType, PRODUCTION, type Resources, statementsOf, synth } from './stack-synth';

function variablesOf(resources: Resources, purpose: string): Record<string, unknown> {
  const [, fn] =
    ofType(resources, 'AWS::Lambda::Function').find(([, r]) =>
      String(r.Properties.Description).includes(purpose),
    ) ?? [];
  return fn?.Properties.Environment.Variables ?? {};
}

const summarizeVariables = (resources: Resources) => variablesOf(resources, STEP_CATALOG.summarize.purpose);

describe('links into the web inbox (CDK)', () => {
  it("gives the summarize Lambda the inbox's address, the InboxUrl output's own value", () => {
    const { template, resources } = synth(PRODUCTION);
    const output = template.toJSON().Outputs.InboxUrl.Value;
    expect(output).toBeDefined();
    expect(summarizeVariables(resources)[ENV.inboxUrl]).toEqual(output);
  });

  it('sets no inbox address when the inbox is off', () => {
    const { resources } = synth({ ...PRODUCTION, inbox: { enabled: false } });
    expect(summarizeVariables(resources)).not.toHaveProperty(ENV.inboxUrl);
  });

  it("lets the inbox's Lambda read the fee lines its pages list, as it reads the deposit results", () => {
    const { resources } = synth(PRODUCTION);
    const statements = JSON.stringify(statementsOf(resources, 'web inbox'));
    expect(statements).toContain(`/${OVERCHARGES_PREFIX}*`);
    expect(statements).toContain(`"s3:prefix":["deposits/results/*","${OVERCHARGES_PREFIX}*",`);
  });

  it.each(['pt-BR', 'en'] as const)(
    "gives the inbox's Lambda the stage's reportLanguage (%s), the report's",
    (language) => {
      const { resources } = synth(
        language === 'pt-BR' ? PRODUCTION : { ...PRODUCTION, reportLanguage: language },
      );
      expect(variablesOf(resources, INBOX_PURPOSE)[ENV.reportLanguage]).toBe(language);
      const workflowJson = String(summarizeVariables(resources)[WORKFLOW_ENV.workflowConfig]);
      expect(JSON.parse(workflowJson).reportLanguage).toBe(language);
    },
  );
});
