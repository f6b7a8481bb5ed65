import { z } from '@hono/zod-openapi';
import { calendarDate, email, name, password } from './common.js';

export const UserSchema = z
  .object({
    id: z.string().uuid(),
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    role: z.enum(['USER', 'ADMIN']),
    gender: z.enum(['MALE', 'FEMALE', 'OTHER']).nullable(),
    dateOfBirth: z.string().nullable().openapi({ format: 'date' }),
    heightCm: z.number().nullable(),
    avatarUrl: z.string().nullable().openapi({ example: '/api/avatars/abc123' }),
    unitPreference: z.enum(['METRIC', 'IMPERIAL']),
    weekStartsOn: z.union([z.literal(0), z.literal(1)]),
  })
  .openapi('User');

export const UpdateUserSchema = z
  .strictObject({
    firstName: name('First name').optional(),
    lastName: name('Last name').optional(),
    email: email.optional(),
    password: password.optional(),
    currentPassword: z.string({ error: 'Current password must be a string' }).max(1024).optional(),
    heightCm: z
      .number({ error: 'Height must be a number' })
      .refine((n) => Number.isFinite(n) && n > 0 && n < 300, { message: 'Height must be greater than 0 and less than 300 cm' })
      .nullable()
      .optional(),
    dateOfBirth: calendarDate('Date of birth').nullable().optional(),
    gender: z.enum(['MALE', 'FEMALE', 'OTHER'], { error: 'Gender must be MALE, FEMALE or OTHER' }).nullable().optional(),
    unitPreference: z.enum(['METRIC', 'IMPERIAL'], { error: 'Unit must be METRIC or IMPERIAL' }).optional(),
    weekStartsOn: z
      .union([z.literal(0), z.literal(1)], { error: 'Week start must be 0 (Sunday) or 1 (Monday)' })
      .optional(),
  })
  .openapi('UpdateUser', {
    description: 'Any subset. Changing email or password requires currentPassword. Unknown fields (role, id…) → 422.',
  });

export const AvatarUploadSchema = z
  .object({
    avatar: z.any().openapi({ type: 'string', format: 'binary', description: 'JPEG, PNG or WebP, at most 2 MiB' }),
  })
  .openapi('AvatarUpload');
