/** The deployed functions' settings come from environment variables the stack sets (names in core/env.ts). */
export function requiredEnv(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`environment variable ${name} is not set`);
  return value;
}
