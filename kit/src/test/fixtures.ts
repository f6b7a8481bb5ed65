import type { User } from '../state/types';

/** A signed-in user as the API returns it; tests state only what they differ in. */
export function makeUser(overrides: Partial<User> = {}): User {
  return {
    id: 'u1',
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: 'ada@example.com',
    role: 'USER',
    gender: null,
    dateOfBirth: null,
    heightCm: null,
    avatarUrl: null,
    unitPreference: 'METRIC',
    weekStartsOn: 0,
    timeZone: 'Europe/London',
    colorScheme: 'SYSTEM',
    ...overrides,
  };
}
