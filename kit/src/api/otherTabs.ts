import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { clearAuth, type AuthState } from '../state/authSlice';
import { api } from './apiSlice';
import { forgetAnswers } from './etagCache';
import { redirectWithFrom } from './navigation';

/** The tabs of the app in one browser tell each other when someone logs out. */
const CHANNEL = 'weightwise-sign-in';

type SignOutNote = { kind: 'logged-out'; userId: string; tab: string };

/** This tab, so that it does not act on its own note (every channel of the name hears it, in this tab too). */
const THIS_TAB = Math.random().toString(36).slice(2);

const channel = (): BroadcastChannel | null => (typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(CHANNEL));

/** Tells the app's other tabs that this person logged out here. */
export function announceLogout(userId: string | null | undefined, tab = THIS_TAB): void {
  if (!userId) return;
  const out = channel();
  out?.postMessage({ kind: 'logged-out', userId, tab } satisfies SignOutNote);
  out?.close();
}

/**
 * A tab showing someone's weights when they log out in another tab signs out too: their data leaves the screen at
 * once (not at its next call), and the tab goes to sign-in, coming back where it was. Returns the function that stops
 * listening.
 */
export function followOtherTabs(dispatch: ThunkDispatch<unknown, unknown, UnknownAction>, getState: () => unknown): () => void {
  const from = channel();
  if (!from) return () => {};
  from.onmessage = (event: MessageEvent<SignOutNote>) => {
    const note = event.data;
    const auth = (getState() as { auth?: AuthState }).auth;
    if (note?.kind !== 'logged-out' || note.tab === THIS_TAB || !auth?.user || auth.user.id !== note.userId) return;
    dispatch(clearAuth());
    dispatch(api.util.resetApiState());
    forgetAnswers();
    redirectWithFrom('/login');
  };
  return () => from.close();
}
