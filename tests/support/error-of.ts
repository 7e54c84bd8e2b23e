import { LanternError } from '../../src/shared/errors';

/** The LanternError a promise rejects with; fails the test when it resolves or throws anything else. */
export async function errorOf(promise: Promise<unknown>): Promise<LanternError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof LanternError) return error;
    throw error;
  }
  throw new Error('expected the call to fail with a LanternError');
}
