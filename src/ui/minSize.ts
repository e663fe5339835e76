/** The smallest terminal the deck draws in (App says so below it; `sitedeck doctor` checks it). */
export const MIN_SIZE = { columns: 60, rows: 20 } as const;
