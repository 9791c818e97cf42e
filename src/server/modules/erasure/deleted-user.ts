/**
 * The one account that a deleted user's kept forum posts are moved to, shown as "Deleted user".
 * It cannot sign in (no password, disabled until 9999, an e-mail that cannot receive mail) and is
 * left out of the admin's list of accounts. One shared account, so that kept posts do not show
 * which of them one deleted person wrote.
 */
export const DELETED_USER_ID = '00000000-0000-4000-8000-00000000dead';
export const DELETED_USER_EMAIL = 'deleted-user@trackside.invalid';
export const DELETED_USER_NAME = 'Deleted user';
