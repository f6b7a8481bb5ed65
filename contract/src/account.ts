// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import { GoalSchema } from './goals';
import { PushDeviceSchema, ReminderSettingsSchema } from './reminders';
import { UserSchema } from './users';
import { WeightEntrySchema } from './weights';

export const DeleteAccountSchema = z
  .strictObject({
    // required when the account has a password; an account made through a sign-in provider has none, and needs a
    // sign-in within the last 10 minutes instead
    currentPassword: z
      .string({ error: 'Enter your current password' })
      .min(1, { message: 'Enter your current password' })
      .max(1024)
      .optional(),
  })
  .meta({ id: 'DeleteAccount' });

/** Everything of one person, as the JSON export writes it (and the importer reads it back). */
export const ExportSchema = z
  .object({
    profile: UserSchema,
    goal: z.union([GoalSchema, z.null()]),
    entries: z.array(WeightEntrySchema),
    /** Reminder settings (null: never set), and the devices that get push notifications (no keys or endpoints). */
    reminders: z.union([ReminderSettingsSchema, z.null()]),
    pushDevices: z.array(PushDeviceSchema),
  })
  .meta({ id: 'Export' });

/** The CSV export's columns, in order. */
export const EXPORT_CSV_HEADER = 'date,weight_kg,weight_lb,notes';

export type DeleteAccount = z.infer<typeof DeleteAccountSchema>;
export type Export = z.infer<typeof ExportSchema>;
