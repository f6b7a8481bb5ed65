/** The spec leaves the product's name as a placeholder title. */
export const PRODUCT_TITLE = 'Weightwise';
