/**
 * Every DynamoDB write in recon is a single-item conditional write, and a failed condition is an
 * answer ("someone else got there first"), not an error. Checked by name rather than `instanceof`,
 * so it holds whichever copy of the SDK threw it (the Lambda runtime's, a bundled one, a test fake).
 */
export function isConditionalCheckFailed(error: unknown): boolean {
  return error instanceof Error && error.name === 'ConditionalCheckFailedException';
}

/**
 * The one way a store sends a conditional write: its output, or `undefined` when the condition did
 * not hold; any other error is thrown.
 */
export async function conditionalWrite<Output>(write: Promise<Output>): Promise<Output | undefined> {
  try {
    return await write;
  } catch (error) {
    if (isConditionalCheckFailed(error)) return undefined;
    throw error;
  }
}
