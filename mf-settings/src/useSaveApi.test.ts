import { describe, expect, it } from 'vitest';
import { staleAfterProfileSave } from './useSaveApi';

describe('what a profile save makes out of date on the other tabs', () => {
  it('a new password: the sign-in methods (a provider account now has one) and the API tokens (all revoked)', () => {
    expect(staleAfterProfileSave({ password: 'a-new-secret-1', currentPassword: 'old' })).toEqual(['SignInMethods', 'ApiToken']);
  });

  it('a time zone or week start: the next reminder and report', () => {
    expect(staleAfterProfileSave({ timeZone: 'America/New_York' })).toEqual(['Reminders']);
    expect(staleAfterProfileSave({ weekStartsOn: 1 })).toEqual(['Reminders']);
  });

  it('a name or a unit: nothing else', () => {
    expect(staleAfterProfileSave({ firstName: 'Grace', unitPreference: 'IMPERIAL' })).toEqual([]);
  });
});
