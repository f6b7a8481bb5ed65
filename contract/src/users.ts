// first: how zod parses here is settled before this module builds its schemas
import './parsing';
import { z } from 'zod';
import {
  calendarDate,
  colorScheme,
  email,
  gender,
  heightCm,
  password,
  personName,
  role,
  timeZone,
  unitPreference,
  uuid,
  weekStartsOn,
} from './fields';

export const UserSchema = z
  .object({
    id: uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role,
    gender: gender.nullable(),
    dateOfBirth: z.string().nullable().meta({ format: 'date' }),
    heightCm: z.number().nullable(),
    avatarUrl: z.string().nullable().meta({ example: '/api/avatars/abc123' }),
    unitPreference,
    weekStartsOn,
    timeZone: z.string().meta({ example: 'Europe/London' }),
    colorScheme,
  })
  .meta({ id: 'User' });

export const UpdateUserSchema = z
  .strictObject({
    firstName: personName('First name').optional(),
    lastName: personName('Last name').optional(),
    email: email.optional(),
    password: password.optional(),
    currentPassword: z.string({ error: 'Current password must be a string' }).max(1024).optional(),
    heightCm: heightCm.nullable().optional(),
    dateOfBirth: calendarDate('Date of birth').nullable().optional(),
    gender: gender.nullable().optional(),
    unitPreference: unitPreference.optional(),
    weekStartsOn: weekStartsOn.optional(),
    timeZone: timeZone.optional(),
    colorScheme: colorScheme.optional(),
  })
  .meta({
    id: 'UpdateUser',
    description: 'Any subset. Changing email or password requires currentPassword. Unknown fields (role, id…) → 422.',
  });

export type User = z.infer<typeof UserSchema>;
export type UpdateUser = z.infer<typeof UpdateUserSchema>;
export type Role = User['role'];
export type Gender = NonNullable<User['gender']>;
export type UnitPreference = User['unitPreference'];
export type WeekStartsOn = User['weekStartsOn'];
export type ColorScheme = User['colorScheme'];
