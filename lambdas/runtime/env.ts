/** The deployed functions' settings come from environment variables the stack sets (names in core/env.ts). */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}

/** A setting the stack sets only when its feature is on (the inbox's address): undefined otherwise. */
export function optionalEnv(name: string): string | undefined {
  return process.env[name] || undefined;
}
