export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'silent';
export type LogLine = Record<string, string | number | boolean | null | undefined>;
export type Logger = (level: Exclude<LogLevel, 'silent'>, line: LogLine) => void;

const ORDER: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** One JSON line per event on stdout. Callers pass only whitelisted, non-sensitive fields. */
export function createLogger(minLevel: LogLevel, write: (s: string) => void = (s) => process.stdout.write(s)): Logger {
  return (level, line) => {
    if (ORDER[level] < ORDER[minLevel]) return;
    write(JSON.stringify({ time: new Date().toISOString(), level, ...line }) + '\n');
  };
}
