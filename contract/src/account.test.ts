import { describe, expect, it } from 'vitest';
import { ExportSchema } from './account';
import { GoalSchema } from './goals';
import { ReminderSettingsSchema } from './reminders';

describe('ExportSchema', () => {
  it('holds the registered Goal and ReminderSettings schemas themselves, or null (no nullable copy under their ids)', () => {
    for (const [key, schema] of [
      ['goal', GoalSchema],
      ['reminders', ReminderSettingsSchema],
    ] as const) {
      const field = ExportSchema.shape[key];
      expect(field.def.type, key).toBe('union');
      const options = (field.def as unknown as { options: unknown[] }).options;
      expect(options, key).toContain(schema);
      expect(field.safeParse(null).success, key).toBe(true);
    }
  });
});
