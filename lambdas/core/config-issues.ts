/**
 * Configuration errors a person can act on: one plain sentence per problem, naming the setting by
 * its full path from its source (`recon.graceDays: must be ≥ 0, got -1`), instead of zod's issue
 * JSON. Shared by the CDK `recon` context, `RECON_CONFIG` in the CLI and the Lambdas.
 */
import type { z } from 'zod';

/** A configuration that cannot be used: its message lists every problem, one per line. */
export class ConfigError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(problems.join('\n'));
    this.name = 'ConfigError';
  }
}

type Issue = z.core.$ZodIssue;

const shown = (value: unknown) => (typeof value === 'string' ? `"${value}"` : JSON.stringify(value));

function pathOf(root: string, path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (text, key) => (typeof key === 'number' ? `${text}[${key}]` : `${text}.${String(key)}`),
    root,
  );
}

function bound(issue: Extract<Issue, { code: 'too_small' | 'too_big' }>): string {
  const limit = issue.code === 'too_small' ? issue.minimum : issue.maximum;
  const [strict, loose] = issue.code === 'too_small' ? ['>', '≥'] : ['<', '≤'];
  if (issue.origin === 'array')
    return `must have ${issue.code === 'too_small' ? 'at least' : 'at most'} ${limit} item(s)`;
  if (issue.origin === 'string')
    return `must have ${issue.code === 'too_small' ? 'at least' : 'at most'} ${limit} character(s)`;
  return `must be ${issue.inclusive === false ? strict : loose} ${limit}`;
}

function rule(issue: Issue): string {
  switch (issue.code) {
    case 'too_small':
    case 'too_big':
      return bound(issue);
    case 'invalid_type':
      if (issue.input === undefined) return 'is required';
      return `must be ${issue.expected === 'int' ? 'a whole number' : `a ${issue.expected}`}`;
    case 'invalid_value':
      return `${issue.input === undefined ? 'is required, ' : 'must be '}one of ${issue.values.map(shown).join(', ')}`;
    case 'invalid_format':
      // A pattern says nothing to a reader: the schema's own message explains it.
      return issue.format === 'regex' ? issue.message : `must be a valid ${issue.format}`;
    default:
      return issue.message;
  }
}

/** One sentence per issue; an unknown key is named as such, with where it came from. */
export function describeIssues(error: z.ZodError, root: string, source: string): string[] {
  const from = source === root ? '' : ` in ${source}`;
  return error.issues.flatMap((issue) => {
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => `${pathOf(root, [...issue.path, key])}: unknown setting${from}`);
    }
    // A refinement's input is the whole object it checks: its message says enough.
    const got = issue.input === undefined || issue.code === 'custom' ? '' : `, got ${shown(issue.input)}`;
    return [`${pathOf(root, issue.path)}: ${rule(issue)}${got}`];
  });
}

/** Parses `schema` or throws a {@link ConfigError} in plain sentences (issue inputs included). */
export function parseConfig<S extends z.ZodType>(
  schema: S,
  input: unknown,
  root: string,
  source: string,
): z.output<S> {
  const parsed = schema.safeParse(input, { reportInput: true });
  if (!parsed.success) throw new ConfigError(describeIssues(parsed.error, root, source));
  return parsed.data;
}

/** `JSON.parse`, naming the source of bad JSON (`RECON_CONFIG is not valid JSON: ...`). */
export function parseConfigJson(text: string, source: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new ConfigError([`${source} is not valid JSON: ${(error as Error).message}`]);
  }
}
