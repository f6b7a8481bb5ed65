/** The spec leaves the product's name as a placeholder title; every app shows this one. */
export const PRODUCT_TITLE = 'Weightwise';

/**
 * The picture of a person who has none (or whose picture fails to load), carried in the script rather than fetched:
 * as a file it was asked for again on every load, an answer that could land while the screen was drawing.
 */
export const DEFAULT_AVATAR = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 96 96"><rect width="96" height="96" rx="48" fill="#dde3ea"/>' +
    '<circle cx="48" cy="38" r="17" fill="#9aa6b5"/><path d="M16 84c4-17 17-26 32-26s28 9 32 26" fill="#9aa6b5"/></svg>',
)}`;
