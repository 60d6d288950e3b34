/** The `reason` of /not-logged-in after the customer closed their account: the page says the account was closed. */
export const ACCOUNT_CLOSED_REASON = "account-closed";
