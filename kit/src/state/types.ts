export type Role = 'USER' | 'ADMIN';
export type UnitSystem = 'METRIC' | 'IMPERIAL';
export type Gender = 'MALE' | 'FEMALE' | 'OTHER';
export type WeekStart = 0 | 1;

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
  weekStartsOn: WeekStart;
}
