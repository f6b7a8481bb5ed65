/** A file that cannot be imported, with a message for the person (the import fails with it; never a 500). */
export class ImportFormatError extends Error {}

export const NOT_RECOGNISED =
  'The file was not recognised: it needs a header row such as "date,weight,notes", or must be an export of one of the apps listed under Import';
