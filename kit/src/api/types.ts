import type { AveragedItem, AveragedMode, WeightEntry } from '../domain/averages';
import type { DateString, WeekStartsOn } from '../domain/dates';
import type { Goal } from '../domain/overview';
import type { Gender, UnitSystem, User } from '../state/types';

/** Body of every API error (design.md §4). */
export interface ApiErrorBody {
  error: {
    message: string;
    details?: ApiErrorDetail[];
  };
}

/** One validation problem; `field` is a request field name or 'general'. */
export interface ApiErrorDetail {
  field: string;
  issue: string;
}

export interface LoginRequest {
  email: string;
  password: string;
  /** Remember me: the refresh cookie outlives the browser session. */
  remember?: boolean;
}

export interface RegisterRequest {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

/** Login and register answer with the access token plus the user's fields. */
export type AuthResponse = User & { accessToken: string };

export interface TokenResponse {
  accessToken: string;
}

export interface UpdateMeRequest {
  firstName?: string;
  lastName?: string;
  email?: string;
  password?: string;
  /** Required by the API when email or password changes. */
  currentPassword?: string;
  heightCm?: number | null;
  dateOfBirth?: DateString | null;
  gender?: Gender | null;
  unitPreference?: UnitSystem;
  weekStartsOn?: WeekStartsOn;
}

export interface WeightRangeRequest {
  startDate?: DateString;
  endDate?: DateString;
}

export interface SaveWeightRequest {
  weightKg: number;
  date: DateString;
  /** Omitted notes clear the entry's notes (upsert). */
  notes?: string;
}

export interface AveragesRequest {
  mode: AveragedMode;
  startDate?: DateString;
  endDate?: DateString;
  weekStartsOn: WeekStartsOn;
}

/** A weight entry as the API returns it. */
export interface ApiWeightEntry extends WeightEntry {
  id: string | number;
  notes: string | null;
}

/** An averaged bucket as the API returns it: one of week/month/year plus average and count. */
export type ApiAveragedItem = AveragedItem & { count: number };

export type UpdateGoalRequest = Partial<Goal>;
