import { makeUser as makeKitUser } from '@app/kit/testing';
import type { Goal, User } from '@app/kit';

/** A signed-in user as the API returns it, for tests. */
export function makeUser(overrides: Partial<User> = {}): User {
  return makeKitUser({ id: '11111111-1111-4111-8111-111111111111', ...overrides });
}

export function makeGoal(overrides: Partial<Goal> = {}): Goal {
  return { startWeightKg: 90, targetWeightKg: 80, startDate: '2025-01-01', targetDate: '2025-06-30', ...overrides };
}
