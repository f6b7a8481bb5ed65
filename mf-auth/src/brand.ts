// The shell's placeholder product title (shell/src/brand.ts); kit has no shared constant for it yet.
export const PRODUCT_TITLE = 'Weightwise';
