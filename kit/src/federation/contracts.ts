/**
 * Props contracts of the screens the remotes expose. The shell renders exposed components with
 * exactly these props; a remote relies on nothing else from its host.
 */
export interface ScreenProps {
  /** Base path the screen is mounted under, for links inside the screen. */
  basePath?: string;
}

export type LoginScreenProps = ScreenProps;
export type RegisterScreenProps = ScreenProps;
export type ForgotPasswordScreenProps = ScreenProps;
export type ResetPasswordScreenProps = ScreenProps;
export type OverviewScreenProps = ScreenProps;
export type AnalyticsScreenProps = ScreenProps;
export type SettingsScreenProps = ScreenProps;

/** Federation ids of every exposed screen: `<container>/<expose>`. */
export const REMOTE_SCREENS = {
  login: 'mf_auth/Login',
  register: 'mf_auth/Register',
  forgotPassword: 'mf_auth/ForgotPassword',
  resetPassword: 'mf_auth/ResetPassword',
  overview: 'mf_overview/Overview',
  analytics: 'mf_analytics/Analytics',
  settings: 'mf_settings/Settings',
} as const;

export type RemoteScreenId = (typeof REMOTE_SCREENS)[keyof typeof REMOTE_SCREENS];

/** Shape of /remotes.json, generated from the environment when the shell's server starts. */
export interface RemotesManifest {
  remotes: Array<{ name: string; entry: string }>;
}
