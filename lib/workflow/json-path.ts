/**
 * JSONPaths into a state, built from the zod schema of that state: `pathsIn(schema)('report',
 * 'reportId')` is `$.report.reportId`, and a key the schema does not have fails to compile (and, should
 * a cast get one through, throws while the definition is built, so synth and the local run fail).
 * The objects the definition builds (Task payloads, Map items, Pass parameters) are typed the same
 * way by the schema of what receives them ({@link fieldsFor}). The definition writes no payload path
 * or key by hand: a renamed or misspelled field cannot reach AWS.
 */
import { JsonPath } from 'aws-cdk-lib/aws-stepfunctions';
import { z } from 'zod';

/** The object inside optional and nullable wrappers (what a path steps into). */
type Unwrapped<T> =
  T extends z.ZodOptional<infer I> ? Unwrapped<I> : T extends z.ZodNullable<infer I> ? Unwrapped<I> : T;
type Shape<T> = Unwrapped<T> extends z.ZodObject<infer S> ? S : never;
type Field<T> = keyof Shape<T> & string;

/** A field's value: a path (or intrinsic function) into the state, or a constant. */
export type FieldValue = string | number | boolean;
/** The fields of an object received as `S`, each optional (a schema's optional fields may be left out). */
export type FieldsOf<S> = { readonly [K in Field<S>]?: FieldValue };

/** Paths one or two fields deep into the state described by `S` (the definition needs no deeper). */
export interface PathsIn<S> {
  /** The whole state. */
  (): string;
  <K extends Field<S>>(key: K): string;
  <K extends Field<S>, L extends Field<Shape<S>[K]>>(key: K, next: L): string;
}

function shapeOf(schema: unknown): Readonly<Record<string, unknown>> | undefined {
  if (schema instanceof z.ZodOptional || schema instanceof z.ZodNullable) return shapeOf(schema.unwrap());
  return schema instanceof z.ZodObject ? schema.shape : undefined;
}

/** The schema of the field at `keys`; throws if there is none. */
function fieldOf(schema: unknown, keys: readonly string[]): unknown {
  let at = schema;
  for (const [depth, key] of keys.entries()) {
    const field = shapeOf(at)?.[key];
    if (!field) throw new Error(`the state has no field ${keys.slice(0, depth + 1).join('.')}`);
    at = field;
  }
  return at;
}

export function pathsIn<S extends z.ZodType>(schema: S): PathsIn<S> {
  return (...keys: string[]) => {
    fieldOf(schema, keys);
    return ['$', ...keys].join('.');
  };
}

/**
 * An object for the state machine to build, received as `schema`: a string value is a path or an
 * intrinsic function (rendered `key.$`, or as CDK renders it if it is already a JsonPath token), any
 * other value a constant.
 */
export function fieldsFor<S extends z.ZodType>(schema: S, fields: FieldsOf<S>): Record<string, FieldValue> {
  return Object.fromEntries(
    Object.entries(fields).flatMap(([key, value]) => {
      fieldOf(schema, [key]);
      if (value === undefined) return [];
      const path = typeof value === 'string' && !JsonPath.isEncodedJsonPath(value);
      return [[path ? `${key}.$` : key, value]];
    }),
  );
}
