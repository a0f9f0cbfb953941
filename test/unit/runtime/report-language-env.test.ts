/**
 * The inbox Lambda's language from its environment: the stage's reportLanguage as the stack sets it,
 * and a value it would never set refused with the variable's and the setting's names.
 */
import { afterEach, describe, expect, it } from 'vitest';
import { ENV } from '../../../lambdas/core/env';
import { reportLanguageFromEnv } from '../../../lambdas/runtime/workflow-env';

const before = process.env[ENV.reportLanguage];
afterEach(() => {
  if (before === undefined) delete process.env[ENV.reportLanguage];
  else process.env[ENV.reportLanguage] = before;
});

describe('reportLanguageFromEnv', () => {
  it.each(['pt-BR', 'en'] as const)('reads %s', (language) => {
    process.env[ENV.reportLanguage] = language;
    expect(reportLanguageFromEnv()).toBe(language);
  });

  it('refuses another language, or none, naming the setting', () => {
    process.env[ENV.reportLanguage] = 'fr';
    expect(() => reportLanguageFromEnv()).toThrow(
      "environment variable RECON_REPORT_LANGUAGE (the stage's reportLanguage) must be one of pt-BR, en, got 'fr'",
    );
    delete process.env[ENV.reportLanguage];
    expect(() => reportLanguageFromEnv()).toThrow('RECON_REPORT_LANGUAGE is not set');
  });
});
