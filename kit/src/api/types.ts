import type {
  AccessToken,
  AuthResponse as WireAuthResponse,
  AverageItem,
  AveragePeriod,
  ErrorBody,
  FieldError,
  Login,
  Register,
  UpdateGoal,
  UpdateUser,
  WeightEntry,
  WeightEntryInput,
} from '@app/contract';
import type { DateString, WeekStartsOn } from '../domain/dates';

// The API's request and response shapes are the contract's; these names are what the client's calls call them.

/** Body of every API error. */
export type ApiErrorBody = ErrorBody;
/** One validation problem; `field` is a request field name or 'general'. */
export type ApiErrorDetail = FieldError;
export type LoginRequest = Login;
export type RegisterRequest = Register;
/** Login and register answer with the access token plus the user's fields. */
export type AuthResponse = WireAuthResponse;
export type TokenResponse = AccessToken;
export type UpdateMeRequest = UpdateUser;
/** Omitted notes clear the entry's notes (upsert). */
export type SaveWeightRequest = WeightEntryInput;
/** A weight entry as the API returns it. */
export type ApiWeightEntry = WeightEntry;
/** An averaged bucket as the API returns it: one of week/month/year, the unrounded mean, count, first and last day. */
export type ApiAveragedItem = AverageItem;
export type UpdateGoalRequest = UpdateGoal;

export interface WeightRangeRequest {
  startDate?: DateString;
  endDate?: DateString;
}

export interface AveragesRequest {
  mode: AveragePeriod;
  startDate?: DateString;
  endDate?: DateString;
  weekStartsOn: WeekStartsOn;
}
