// An id from a path, a query or a body is compared with a uuid column only once it is written as one:
// PostgreSQL refuses a malformed uuid with an error (a 500), where the caller means "no such record".
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether `value` is written as a UUID (any version, either case). */
export const isUuid = (value: string): boolean => UUID.test(value);
