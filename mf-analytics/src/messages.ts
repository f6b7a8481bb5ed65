// UI strings of the analytics screen, in one place so tests and screen read the same words.
export const AVERAGE_DETAILS_MESSAGE = 'Entry details not available for average data';
export const NO_ENTRIES_MESSAGE = 'No weight entries available for this period';
export const DELETED_MESSAGE = 'Entry deleted successfully';
export const DELETE_FAILED_MESSAGE = 'Failed to delete entry';
/** A failed read is not an empty period: neither a count of 0 nor the empty message is shown for it. */
export const LOAD_FAILED_MESSAGE = "This period's entries could not be loaded.";
