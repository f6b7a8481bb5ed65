import type { WeekStartsOn } from '../domain/dates';
import type { UnitSystem } from '../domain/units';

export type { UnitSystem, WeekStartsOn };

export type Role = 'USER' | 'ADMIN';
export type Gender = 'MALE' | 'FEMALE' | 'OTHER';

/** The user object of the API (design.md §4). */
export interface User {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  role: Role;
  gender: Gender | null;
  dateOfBirth: string | null;
  heightCm: number | null;
  avatarUrl: string | null;
  unitPreference: UnitSystem;
  weekStartsOn: WeekStartsOn;
}
