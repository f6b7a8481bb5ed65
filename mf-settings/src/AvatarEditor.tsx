import { useId, useRef, useState } from 'react';
import { AVATAR_TYPES, avatarFileError, DEFAULT_AVATAR, FOCUS_INSTEAD_ATTR } from '@app/kit';
import type { AvatarChoice } from './saveSequence';
import { useObjectUrl } from './useObjectUrl';

interface AvatarEditorProps {
  /** The avatar the server holds now. */
  savedUrl: string | null;
  choice: AvatarChoice;
  onChange: (choice: AvatarChoice) => void;
  error?: string;
  /** A chosen file refused before upload (its type or size), or null once that no longer stands. */
  onRefused?: (message: string | null) => void;
}

/** The profile picture with Edit (choose a file, previewed before saving) and Remove. */
export function AvatarEditor({ savedUrl, choice, onChange, error, onRefused }: AvatarEditorProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const editRef = useRef<HTMLButtonElement>(null);
  const inputId = useId();
  const errorId = `${inputId}-error`;
  const editId = `${inputId}-edit`;
  const preview = useObjectUrl(choice.kind === 'upload' ? choice.file : null);
  const [failed, setFailed] = useState<string | null>(null);
  const [pickError, setPickError] = useState<string | null>(null);
  const shownError = pickError ?? error;

  const wanted = choice.kind === 'upload' ? preview : choice.kind === 'remove' ? null : savedUrl;
  const src = wanted && wanted !== failed ? wanted : DEFAULT_AVATAR;
  const canRemove = choice.kind === 'upload' || (choice.kind === 'keep' && savedUrl !== null);

  const pick = (file: File | undefined) => {
    const refused = file ? avatarFileError(file) : null;
    setPickError(refused);
    onRefused?.(refused);
    if (file && !refused) onChange({ kind: 'upload', file });
    // The same file can be chosen again after Remove.
    if (inputRef.current) inputRef.current.value = '';
  };
  // a refused picture (by its type or size, or by the server) need not cost the saved one: back to it, nothing lost
  const keepCurrent = () => {
    setPickError(null);
    onRefused?.(null);
    onChange({ kind: 'keep' });
    editRef.current?.focus();
  };
  const remove = () => {
    setPickError(null);
    onRefused?.(null);
    onChange(savedUrl ? { kind: 'remove' } : { kind: 'keep' });
    // Remove has nothing left to remove and is disabled: the keyboard goes on from Edit, not from the page's top
    editRef.current?.focus();
  };

  return (
    <div className="st-avatar">
      <img
        className="avatar st-avatar-img"
        src={src}
        alt="Profile picture preview"
        width={88}
        height={88}
        onError={() => wanted && setFailed(wanted)}
      />
      <div className="st-avatar-actions">
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept={AVATAR_TYPES.join(',')}
          className="st-visually-hidden"
          // the Edit button opens it: one stop for the keyboard, not a second, invisible one
          tabIndex={-1}
          aria-label="Choose a profile picture"
          aria-describedby={shownError ? errorId : undefined}
          aria-invalid={shownError ? true : undefined}
          // a Save with a refused file focuses Edit, which shows, not this input
          {...{ [FOCUS_INSTEAD_ATTR]: editId }}
          onChange={(e) => pick(e.target.files?.[0])}
        />
        <button
          ref={editRef}
          id={editId}
          type="button"
          className="button"
          aria-label="Edit profile picture"
          aria-describedby={shownError ? errorId : undefined}
          onClick={() => inputRef.current?.click()}
        >
          Edit
        </button>
        <button type="button" className="button" onClick={remove} disabled={!canRemove}>
          Remove
        </button>
        {/* always there, so a change of it is read out */}
        <span className="muted st-avatar-note" aria-live="polite">
          {choice.kind === 'upload'
            ? 'New picture, saved when you press Save'
            : choice.kind === 'remove'
              ? 'Picture removed when you press Save'
              : ''}
        </span>
        {shownError && (
          <span id={errorId} className="field-error" role="alert">
            {shownError}
          </span>
        )}
        {shownError && (
          <button type="button" className="button button-small" onClick={keepCurrent}>
            {savedUrl ? 'Keep current picture' : 'Keep no picture'}
          </button>
        )}
      </div>
    </div>
  );
}
