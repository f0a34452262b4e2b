/** Query keys more than one feature reads or refreshes: the account's ledger changes when a grading is charged. */
export const ledgerKey = ['/api/my/points-ledger'] as const;
