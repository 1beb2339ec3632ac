import { createContext } from 'preact';

/**
 * The inputs a question's short path shows (camelCase ids). The full list of inputs leaves them
 * out (Field renders nothing for them there), so no input is on the page twice.
 */
export const ShownInPath = createContext<ReadonlySet<string>>(new Set());
