// The goal forecast and its wording are computed in the contract, so the API's weekly report says what the
// overview says.
export {
  MIN_FORECAST_RATE_KG_PER_DAY,
  MAX_FORECAST_DAYS,
  FORECAST_Z,
  ON_SCHEDULE_DAYS,
  FORECAST_MESSAGES,
  requiredDirection,
  compareWithTargetDate,
  forecastFromRate,
  forecastGoal,
  formatForecastDate,
  formatForecastRange,
  formatSchedule,
  notOnTrackWords,
} from '@app/contract';
export type { NotOnTrackReason, NotOnTrack, ScheduleStatus, Schedule, OnTrack, Forecast, ForecastGoal } from '@app/contract';
