/**
 * Two audiences, two topics: the morning message reaches finance, the alarms reach operations, and
 * every alarm says what happened, what to do first and where its runbook section is. The runbook
 * (docs/deploy.md) and the template are compared both ways, so neither can gain an alarm alone.
 */
import { readFile } from 'node:fs/promises';
import { beforeAll, describe, expect, it } from 'vitest';
import { ENV } from '../../lambdas/core/env';
import { parseStageConfig } from '../../lib/config';
import { RUNBOOK_FILE, RUNBOOK_SECTION, runbookLink } from '../../lib/monitoring/runbook';
import { ofType, PRODUCTION, type Resources, synth } from './stack-synth';

/** The `### <alarm>` headings of the runbook section, up to the next `## ` section. */
async function runbookHeadings(): Promise<string[]> {
  const text = await readFile(new URL(`../../${RUNBOOK_FILE}`, import.meta.url), 'utf8');
  const start = text.indexOf(`\n## ${RUNBOOK_SECTION}\n`);
  expect(start, `section "${RUNBOOK_SECTION}" in ${RUNBOOK_FILE}`).toBeGreaterThan(-1);
  const rest = text.slice(start + 1);
  const end = rest.indexOf('\n## ', 1);
  const section = end === -1 ? rest : rest.slice(0, end);
  return [...section.matchAll(/^### (.+)$/gm)].map((match) => String(match[1]).trim());
}

const alarmsOf = (resources: Resources) =>
  ofType(resources, 'AWS::CloudWatch::Alarm').map(([, a]) => a.Properties);
const topicIdOf = (ref: { Ref: string }) => ref.Ref;

describe('alarms and the morning message (production)', () => {
  let resources: Resources;
  beforeAll(() => {
    ({ resources } = synth(PRODUCTION));
  });

  it('publishes the morning message and the alarms to two separate topics', () => {
    const topics = ofType(resources, 'AWS::SNS::Topic').map(([id]) => id);
    expect(topics).toHaveLength(2);
    const notifier = ofType(resources, 'AWS::Lambda::Function').filter(
      ([, fn]) => fn.Properties.Environment.Variables[ENV.topicArn] !== undefined,
    );
    expect(notifier).toHaveLength(1);
    const financeTopic = topicIdOf(notifier[0]?.[1].Properties.Environment.Variables[ENV.topicArn]);
    const alarmTopics = new Set(alarmsOf(resources).flatMap((alarm) => alarm.AlarmActions.map(topicIdOf)));
    expect([...alarmTopics]).toHaveLength(1);
    const [operationsTopic] = alarmTopics;
    expect(topics.sort()).toEqual([financeTopic, operationsTopic].sort());
    for (const [, topic] of ofType(resources, 'AWS::SNS::Topic'))
      expect(topic.Properties.KmsMasterKeyId).toBeDefined();
  });

  it('subscribes each finance address to the finance topic and each operations address to the other', () => {
    const subscribed = ofType(resources, 'AWS::SNS::Subscription').map(([, s]) => ({
      endpoint: s.Properties.Endpoint,
      topic: topicIdOf(s.Properties.TopicArn),
      protocol: s.Properties.Protocol,
    }));
    const [financeTopic] = subscribed.filter((s) => s.endpoint === 'finance@example.com').map((s) => s.topic);
    const [operationsTopic] = subscribed.filter((s) => s.endpoint === 'ops@example.com').map((s) => s.topic);
    expect(financeTopic).not.toBe(operationsTopic);
    expect(subscribed).toEqual(
      expect.arrayContaining([
        { endpoint: 'finance@example.com', topic: financeTopic, protocol: 'email' },
        { endpoint: 'controller@example.com', topic: financeTopic, protocol: 'email' },
        { endpoint: 'ops@example.com', topic: operationsTopic, protocol: 'email' },
      ]),
    );
    expect(subscribed).toHaveLength(3);
  });

  it('describes every alarm: what happened, what to do first, and its runbook anchor', () => {
    const alarms = alarmsOf(resources);
    expect(alarms).toHaveLength(18);
    for (const alarm of alarms) {
      const id = String(alarm.AlarmName).replace(/^Recon-/, '');
      expect(alarm.AlarmDescription, id).toContain(' First: ');
      expect(alarm.AlarmDescription, id).toMatch(new RegExp(`Runbook: ${runbookLink(id)}$`));
      expect(alarm.AlarmDescription.length, id).toBeLessThanOrEqual(1024);
    }
  });

  it('has a runbook section for every alarm the template defines, and no section for an alarm it lacks', async () => {
    const alarms = alarmsOf(resources).map((alarm) => String(alarm.AlarmName).replace(/^Recon-/, ''));
    const headings = await runbookHeadings();
    expect([...headings].sort()).toEqual([...alarms].sort());
  });

  it('alarms on a steady error rate of a function, and on the first failed run or lost start', () => {
    const alarms = alarmsOf(resources);
    const rates = alarms.filter((alarm) => String(alarm.AlarmName).endsWith('Errors'));
    // 12 step functions, the webhook receiver and the web inbox.
    expect(rates).toHaveLength(14);
    for (const alarm of rates) {
      expect(alarm).toMatchObject({ Threshold: 10, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
      expect(alarm.Metrics[0]).toMatchObject({ Expression: '100 * errors / invocations', ReturnData: true });
      const metricNames = alarm.Metrics.slice(1).map(
        (query: { MetricStat: { Metric: { MetricName: string } } }) => query.MetricStat.Metric.MetricName,
      );
      expect(metricNames).toEqual(['Errors', 'Invocations']);
    }
    const firsts = alarms.filter((alarm) => alarm.MetricName !== undefined);
    expect(firsts.map((alarm) => alarm.MetricName).sort()).toEqual([
      'ApproximateNumberOfMessagesVisible',
      'ExecutionsFailed',
      'ExecutionsTimedOut',
    ]);
    for (const alarm of firsts) expect(alarm).toMatchObject({ Threshold: 1, EvaluationPeriods: 1 });
  });

  it('alarms on steady throttles of the two download Lambdas, which no error alarm sees', () => {
    const throttles = alarmsOf(resources).find((alarm) => alarm.AlarmName === 'Recon-DownloadThrottles');
    if (!throttles) throw new Error('no DownloadThrottles alarm');
    expect(throttles).toMatchObject({ Threshold: 1, EvaluationPeriods: 3, DatapointsToAlarm: 2 });
    expect(throttles.Metrics[0]).toMatchObject({ Expression: 'throttles0 + throttles1', ReturnData: true });
    const functions = throttles.Metrics.slice(1).map(
      (query: {
        MetricStat: { Metric: { MetricName: string; Dimensions: { Value: { Ref: string } }[] } };
      }) => {
        expect(query.MetricStat.Metric.MetricName).toBe('Throttles');
        return query.MetricStat.Metric.Dimensions[0]?.Value.Ref;
      },
    );
    const descriptions = functions.map((id: string) => String(resources[id]?.Properties.Description));
    expect(descriptions).toEqual([
      expect.stringContaining('pages of a report without page count'),
      expect.stringContaining('one batch of report pages'),
    ]);
  });
});

describe('recipients in the stage configuration', () => {
  const base = { environment: 'production', baseUrl: 'https://provider.example' } as const;

  it('refuses the retired alarmEmail, naming what replaced it', () => {
    expect(() => parseStageConfig({ ...base, alarmEmail: 'finance-ops@example.com' })).toThrow(
      'recon.alarmEmail: no longer read: set financeEmails (the morning message) and operationsEmails (the alarms), each a list of addresses',
    );
  });

  it('refuses a bad or repeated address, naming the list', () => {
    expect(() => parseStageConfig({ ...base, financeEmails: ['not-an-address'] })).toThrow(
      /^recon\.financeEmails\[0\]: must be a valid email/,
    );
    expect(() =>
      parseStageConfig({ ...base, operationsEmails: ['ops@example.com', 'OPS@example.com'] }),
    ).toThrow('recon.operationsEmails: lists an address twice');
  });

  it('names the alarms after a second stage, keeping their runbook anchors', () => {
    const { resources } = synth({
      environment: 'sandbox',
      baseUrl: 'https://sandbox.example',
      stageName: 'qa',
    });
    for (const alarm of alarmsOf(resources)) {
      expect(alarm.AlarmName).toMatch(/^Recon-qa-/);
      const id = String(alarm.AlarmName).replace(/^Recon-qa-/, '');
      expect(alarm.AlarmDescription).toContain(runbookLink(id));
    }
    expect(ofType(resources, 'AWS::SNS::Subscription')).toHaveLength(0);
  });
});
