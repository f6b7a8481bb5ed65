/**
 * Mail that tells the owner of an account that something about it changed, so a change they did not make is seen.
 * Text the user wrote (a token's name) is put on a line of its own, its line breaks and invisible characters
 * removed, so it cannot pass for the notice's own words.
 */

/** A name as the notice shows it: one line, nothing invisible, at most 100 characters. */
export const oneLine = (s: string): string =>
  s
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 100);

const SCOPE_WORDS = { read: 'read only', 'read-write': 'read and write' } as const;

export function tokenCreatedMail(firstName: string, name: string, scope: keyof typeof SCOPE_WORDS, settingsUrl: string) {
  return {
    subject: 'A new API token for your account',
    text: [
      `Hello ${oneLine(firstName)},`,
      '',
      'A personal API token was just created for your account.',
      `Its name: ${oneLine(name)}`,
      `Its access: ${SCOPE_WORDS[scope]}`,
      '',
      'If you made it, there is nothing to do. If you did not, revoke it and reset your password:',
      settingsUrl,
    ].join('\n'),
  };
}

/** A change to the account: what happened, then what to do if it was not the owner. */
function changeNotice(subject: string, firstName: string, what: string, advice: string, url: string, more: string[] = []) {
  return {
    subject,
    text: [`Hello ${oneLine(firstName)},`, '', what, '', `If you changed it, there is nothing to do. ${advice}`, url, ...more].join('\n'),
  };
}

/** `providers`: the sign-in providers still connected (a password change keeps them), so one that is not theirs is seen. */
export const passwordChangedMail = (firstName: string, resetUrl: string, providers: string[] = []) =>
  changeNotice(
    'Your password was changed',
    firstName,
    'The password of your account was just changed, and every other device was signed out.',
    'If you did not, reset your password now:',
    resetUrl,
    providers.length
      ? [
          '',
          `These sign-in providers are connected to your account and still sign you in: ${providers.map(oneLine).join(', ')}.`,
          'If one of them is not yours, disconnect it under Settings → Account.',
        ]
      : [],
  );

/** Sent to the address the account had before: its owner learns where the account's mail goes now. */
export const emailChangedMail = (firstName: string, newEmail: string, resetUrl: string) =>
  changeNotice(
    'Your email address was changed',
    firstName,
    `The email address of your account was just changed to ${oneLine(newEmail)}. Mail about the account goes there from now on.`,
    'If you did not, reset your password from this address while you can:',
    resetUrl,
  );
