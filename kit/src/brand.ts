/** The spec leaves the product's name as a placeholder title; every app shows this one. */
export const PRODUCT_TITLE = 'Weightwise';
